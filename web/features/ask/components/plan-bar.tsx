import { type AskPlan, type PlanPeriod, periodsOf, type ScreenOrder } from "#schema/contracts/ask-free-types.ts";
import styles from "./free.module.css";

const PERIOD_LABEL: Record<PlanPeriod, string> = { "1h": "1 hour", "24h": "24 hours", "7d": "7 days", "30d": "30 days", "1y": "1 year" };
const ORDER_LABEL: Record<ScreenOrder, string> = { highest: "Highest first", lowest: "Lowest first", biggest_move: "Biggest moves" };

/** Plans whose figures are of the moment (what a coin is, its latest news): a period changes nothing in them. */
const TIMELESS = new Set<AskPlan["intent"]>(["about", "news", "range"]);

type Props = { plan: AskPlan; busy: boolean; onCorrect: (plan: AskPlan) => void };

/**
 * The plan above the answer ("Comparing Solana and Ethereum over 7 days"), with one-click corrections:
 * another recorded period, a screen's order, a coin taken out of a comparison. A correction is
 * answered again (and counted again, as any answered question is).
 */
export function PlanBar({ plan, busy, onCorrect }: Props) {
  const periods = TIMELESS.has(plan.intent) ? [] : periodsOf(plan.metric);
  const orders: ScreenOrder[] = plan.screen
    ? plan.metric === "change"
      ? ["highest", "lowest", "biggest_move"]
      : ["highest", "lowest"]
    : [];
  return (
    <div className={styles.plan} data-testid="ask-plan">
      <p className={styles.summary}>
        <span className="muted">Plan: </span>
        <strong>{plan.summary}</strong>
      </p>
      {periods.length > 1 || orders.length || plan.coins.length > 2 ? (
        <fieldset className={styles.corrections}>
          <legend className="visually-hidden">Correct the plan</legend>
          {periods.length > 1 ? (
            <span className={styles.chips}>
              {periods.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={styles.chip}
                  aria-pressed={p === plan.period}
                  disabled={busy}
                  onClick={() => p !== plan.period && onCorrect({ ...plan, period: p })}
                >
                  {PERIOD_LABEL[p]}
                </button>
              ))}
            </span>
          ) : null}
          {orders.length && plan.screen ? (
            <span className={styles.chips}>
              {orders.map((o) => (
                <button
                  key={o}
                  type="button"
                  className={styles.chip}
                  aria-pressed={o === plan.screen?.order}
                  disabled={busy}
                  onClick={() => plan.screen && o !== plan.screen.order && onCorrect({ ...plan, screen: { ...plan.screen, order: o } })}
                >
                  {ORDER_LABEL[o]}
                </button>
              ))}
            </span>
          ) : null}
          {plan.coins.length > 2 ? (
            <span className={styles.chips}>
              {plan.coins.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  className={styles.chip}
                  disabled={busy}
                  aria-label={`Leave ${c.name} out`}
                  onClick={() => onCorrect({ ...plan, coins: plan.coins.filter((x) => x.id !== c.id) })}
                >
                  {c.symbol.toUpperCase()} ×
                </button>
              ))}
            </span>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
