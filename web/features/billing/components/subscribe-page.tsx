import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Subscription } from "#schema/contracts/auth.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { loginHref, useAuth } from "#web/lib/auth.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { fieldErrorsOf } from "#web/lib/field-errors.ts";
import { billingInfoQuery, billingKeys, type Purchase, startPayment } from "../api/billing.ts";
import { creationErrorMessage, NO_CLIENT_SECRET, successMessage, successPath } from "../api/messages.ts";
import { PaymentStep } from "./payment-step.tsx";
import { PlanCards, type Refusal } from "./plan-cards.tsx";
import styles from "./subscribe.module.css";

type Step = { step: "plans"; pending: Purchase | null; refusal?: Refusal } | { step: "pay"; purchase: Purchase; clientSecret: string };

function SignInRequired() {
  return (
    <Card as="section" aria-labelledby="signin-title" className={styles.narrow}>
      <h2 id="signin-title">Sign In Required</h2>
      <p className="muted">Please sign in to choose a plan.</p>
      <a href={loginHref("/subscribe")} className={buttonClass("primary")}>
        Sign In
      </a>
    </Card>
  );
}

type Props = {
  /** The member's plan (from the account feature); null for admins or while unknown. */
  subscription: Subscription | null;
  subscriptionLoading: boolean;
};

/** /subscribe: plan list, then the payment card (assistant-plans-admin.md §2, §4 Purchase, §8 Payment). */
export function SubscribePage({ subscription, subscriptionLoading }: Props) {
  useDocumentTitle("Plans");
  const { user, isLoading, isAdmin } = useAuth();
  const info = useQuery(billingInfoQuery(user !== null));
  const navigate = useNavigate();
  const client = useQueryClient();
  const [state, setState] = useState<Step>({ step: "plans", pending: null });
  const [params] = useSearchParams();
  const offered = useRef(false);
  const canBuy = !isAdmin && (info.data?.mode === "live" || info.data?.mode === "test");
  const activeSubscriber = !!subscription && subscription.tier !== "free" && subscription.status === "active";

  // ?buy=credits (the Ask card's "Buy 10 more questions" at the monthly limit) opens the credits payment at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: choose is stable in effect (it only sets state); the ref runs it once
  useEffect(() => {
    if (offered.current || params.get("buy") !== "credits" || !canBuy || !activeSubscriber) return;
    offered.current = true;
    void choose({ kind: "credits" });
  }, [params, canBuy, activeSubscriber]);

  async function choose(purchase: Purchase) {
    setState({ step: "plans", pending: purchase });
    try {
      const { clientSecret } = await startPayment(purchase);
      if (!clientSecret) {
        toast({ title: "Error", description: NO_CLIENT_SECRET, variant: "destructive" });
        setState({ step: "plans", pending: null, refusal: { purchase, message: NO_CLIENT_SECRET } });
        return;
      }
      setState({ step: "pay", purchase, clientSecret });
    } catch (error) {
      const message = creationErrorMessage(error);
      toast({ title: "Error", description: message, variant: "destructive" });
      // The toast fades; the reason also stays by the button that was refused (the server's word on the tier first).
      setState({ step: "plans", pending: null, refusal: { purchase, message: fieldErrorsOf(error).tier ?? message } });
    }
  }

  function paid(purchase: Purchase) {
    // Manage Billing opens the portal from now on.
    void client.invalidateQueries({ queryKey: billingKeys.info });
    toast({ title: "Payment Successful", description: successMessage(purchase) });
    navigate(successPath(purchase));
  }

  let body: ReactNode;
  if (isLoading) body = <Skeleton height={320} />;
  else if (!user) body = <SignInRequired />;
  else if (state.step === "pay")
    body = (
      <PaymentStep
        publishableKey={info.data?.mode === "live" ? info.data.publishableKey : null}
        clientSecret={state.clientSecret}
        purchase={state.purchase}
        onBack={() => setState({ step: "plans", pending: null })}
        onPaid={() => paid(state.purchase)}
        onFailed={(message) => toast({ title: "Payment Failed", description: message, variant: "destructive" })}
      />
    );
  else if (info.isLoading || (!isAdmin && subscriptionLoading)) body = <Skeleton height={320} />;
  else
    body = (
      <>
        {info.isError ? <Notice tone="error">Plans cannot be bought right now. Please reload the page.</Notice> : null}
        {info.data?.mode === "unavailable" ? <Notice tone="error">{info.data.message}</Notice> : null}
        {info.data?.mode === "test" ? (
          <Notice>Test mode: this server takes no real payments. Checkout uses a local test payment and no card is charged.</Notice>
        ) : null}
        {isAdmin ? <Notice>Admins have unlimited Ask Coinsight; there is nothing to buy.</Notice> : null}
        <PlanCards
          subscription={isAdmin ? null : subscription}
          canBuy={canBuy}
          pending={state.pending}
          refusal={state.refusal ?? null}
          onChoose={choose}
        />
      </>
    );

  return (
    <div className="container page">
      <h1 className="page-title">Choose Your Plan</h1>
      <p className="muted" style={{ marginTop: -8, marginBottom: 16 }}>
        Ask Coinsight more every month. Cancel anytime.
      </p>
      <div className="stack">{body}</div>
    </div>
  );
}
