import { useQuery } from "@tanstack/react-query";
import { FREE_TRIAL_QUERIES } from "#schema/contracts/plans.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { subscriptionQuery, tierName } from "../api/subscription.ts";
import styles from "./account.module.css";

/** The header's plan line for non-admins: the tier, then trial queries left or this month's usage with the credits balance. */
export function PlanSummary() {
  const { data: sub, isLoading, isError } = useQuery(subscriptionQuery(true));
  if (isLoading) return <Skeleton width={140} height={28} />;
  if (isError || !sub) return <p className={`${styles.planLine} muted`}>Plan details are unavailable right now.</p>;
  return (
    <div className={styles.plan} data-testid="plan-summary">
      <div className={styles.planLine}>
        Plan: <strong>{tierName(sub.tier)}</strong>
        {sub.complimentary ? " (complimentary)" : ""}
      </div>
      {sub.tier === "free" ? (
        <div
          className={`${styles.planLine} ${sub.trialQueriesRemaining > 0 ? styles.trialLeft : styles.trialOut}`}
          data-tone={sub.trialQueriesRemaining > 0 ? "info" : "danger"}
        >
          Trial queries: {sub.trialQueriesRemaining}/{FREE_TRIAL_QUERIES} left
        </div>
      ) : (
        <div className={styles.planLine}>
          This month: {sub.queryCount}/{sub.queryLimit}
          {sub.credits > 0 ? ` · ${sub.credits} ${sub.credits === 1 ? "credit" : "credits"}` : ""}
        </div>
      )}
    </div>
  );
}
