import type { Subscription } from "#schema/contracts/auth.ts";
import { FREE_TRIAL_QUERIES } from "#schema/contracts/plans.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useLoginHref } from "#web/lib/auth.ts";
import { premiumCost, usageText } from "../lib/cost.ts";
import styles from "./ask.module.css";

/** `coinName`: the card's coin; without one (the /ask page) the free question is any "what is" question. */
type Props = { signedIn: boolean; isAdmin: boolean; sub: Subscription | undefined; loading: boolean; coinName?: string };

/**
 * Who is asking and what a premium question costs them, said before they ask
 * (assistant-plans-admin.md §2; free-text questions: docs/decisions/ask/free-text-quota.md).
 */
export function UsageLine({ signedIn, isAdmin, sub, loading, coinName }: Props) {
  const signIn = useLoginHref();
  if (loading) return <Skeleton width={160} height={20} />;
  if (isAdmin) return <span className="badge badge-brand">Admin Pro Access</span>;
  if (!signedIn) {
    return (
      <span className="muted">
        {coinName ? "Guests can ask the free question." : "Guests can ask what a coin is, free."} <a href={signIn}>Sign in</a> for{" "}
        {FREE_TRIAL_QUERIES} free trial queries.
      </span>
    );
  }
  if (!sub) return null;
  if (sub.status !== "active") return <span className={styles.inactive}>Subscription inactive</span>;
  const cost = premiumCost(sub);
  return (
    <>
      <span className="muted" data-testid="ask-allowance">
        {usageText(sub)}
      </span>
      {cost ? (
        <span className={styles.cost} data-testid="ask-cost">
          {coinName
            ? `Each premium question ${cost}. “What is ${coinName}?” is free.`
            : `Each answered question ${cost}. Asking what a coin is is free, and a question Coinsight cannot answer costs nothing.`}
        </span>
      ) : null}
    </>
  );
}
