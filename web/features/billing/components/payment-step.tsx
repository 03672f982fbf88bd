import { lazy, Suspense, useEffect, useRef } from "react";
import { PLANS } from "#schema/contracts/plans.ts";
import { Card } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import type { Purchase } from "../api/billing.ts";
import { purchaseName } from "../api/messages.ts";
import type { PaymentFormProps } from "./live-payment-form.tsx";
import styles from "./subscribe.module.css";
import { TestCheckout } from "./test-checkout.tsx";

const LivePaymentForm = lazy(() => import("./live-payment-form.tsx"));

function priceLine(purchase: Purchase): string {
  return purchase.kind === "credits"
    ? "$5.00 once · 10 extra queries that never expire"
    : `$${PLANS[purchase.tier].priceMonthly.toFixed(2)}/month · ${PLANS[purchase.tier].queries} Ask Coinsight queries a month`;
}

/** The payment card: what is bought, then Stripe's Payment Element or, offline, the local test checkout. */
export function PaymentStep({ publishableKey, ...form }: PaymentFormProps & { publishableKey: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The plan list is long on phones: move focus (and the view) to the payment card.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card as="section" className={styles.narrow} aria-labelledby="payment-title">
      <div className={styles.payHead}>
        <h2 id="payment-title" className="card-title" ref={heading} tabIndex={-1}>
          {purchaseName(form.purchase)}
        </h2>
        <span className="muted">{priceLine(form.purchase)}</span>
      </div>
      {publishableKey ? (
        <Suspense fallback={<Skeleton height={220} />}>
          <LivePaymentForm publishableKey={publishableKey} {...form} />
        </Suspense>
      ) : (
        <TestCheckout {...form} />
      )}
    </Card>
  );
}
