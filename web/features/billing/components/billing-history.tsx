import { useQuery } from "@tanstack/react-query";
import type { ProviderPlan } from "#schema/contracts/billing.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { Card } from "#web/components/ui/card.tsx";
import { DataTable } from "#web/components/ui/data-table.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { longDay } from "#web/lib/format.ts";
import { billingAccountQuery } from "../api/billing.ts";
import styles from "./subscribe.module.css";

/** "27 December 2026" for an ISO time (UTC, as the provider's periods are). */
const dayOf = (iso: string) => longDay(iso.slice(0, 10));

/** What the plan will do next: renew, or end because it was cancelled in the customer portal. */
export function renewalText(plan: ProviderPlan): string | null {
  const name = plan.tier ? `Your ${PLANS[plan.tier].name} plan` : "Your plan";
  if (plan.cancelAt) return `Cancels on ${dayOf(plan.cancelAt)}. ${name} and its queries stay until then; it does not renew.`;
  if (plan.renewsAt) return `Renews on ${dayOf(plan.renewsAt)}.`;
  return null;
}

/** The plan card's renewal line on /account (a slot of the account page), from the provider's state. */
export function PlanRenewal() {
  const { data } = useQuery(billingAccountQuery(true));
  const text = data?.plan ? renewalText(data.plan) : null;
  if (!text) return null;
  return (
    <p className={data?.plan?.cancelAt ? styles.cancels : "muted"} data-testid="plan-renewal">
      {text}
    </p>
  );
}

/** /account's payment list: date, what was bought, amount (Stripe's invoices and payment intents, or the test checkout's records). */
export function PaymentHistory() {
  const { data, isLoading, isError, refetch } = useQuery(billingAccountQuery(true));
  return (
    <Card as="section" aria-labelledby="payments-title">
      <h2 id="payments-title" className="card-title">
        Payments
      </h2>
      {isLoading ? (
        <LoadingRows label="Loading payments" height={36} />
      ) : isError || !data ? (
        <LoadFailed what="your payments" onRetry={() => void refetch()} />
      ) : data.message ? (
        <Notice tone="error">{data.message}</Notice>
      ) : data.payments.length === 0 ? (
        <p className="muted">No payments yet. Plans and credits you buy are listed here.</p>
      ) : (
        <DataTable columns={["Date", "Bought", "Amount"]} align="middle">
          {data.payments.map((p) => (
            <tr key={p.id}>
              <td>
                <time dateTime={p.paidAt}>{dayOf(p.paidAt)}</time>
              </td>
              <td>{p.description}</td>
              <td className="num">{p.amount}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
