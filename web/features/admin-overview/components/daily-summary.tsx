import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { REVIEW_FILTER_HREF } from "#web/lib/admin-links.ts";
import { duration, successTone } from "../api/model.ts";
import { dailySummaryQuery } from "../api/newsroom.ts";
import styles from "./overview.module.css";

/** The day's pipeline at a glance (refreshes every 30 s), with the success-rate colours of assistant-plans-admin.md §9. */
export function DailySummaryCard() {
  const { data, isLoading, isError } = useQuery(dailySummaryQuery());
  const summary = data?.summary;
  return (
    <Card title={summary ? `Daily summary · ${summary.date}` : "Daily summary"} aria-label="Daily summary">
      {isLoading ? (
        <Skeleton height={90} />
      ) : isError || !summary ? (
        <Notice tone="error">Unable to load daily summary data</Notice>
      ) : (
        <>
          <div className={styles.summaryGrid}>
            <div className={styles.stat}>
              <span
                className={`${styles.statValue} ${styles[`rate-${successTone(summary.completionRate)}`]}`}
                data-testid="completion-rate"
              >
                {summary.completionRate}%
              </span>
              <span className={styles.statLabel}>Success rate</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>{summary.completedTasks}</span>
              <span className={styles.statLabel}>Completed tasks</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>{summary.failedTasks}</span>
              <span className={styles.statLabel}>Failed tasks</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>{duration(summary.averageCompletionTime)}</span>
              <span className={styles.statLabel}>Average completion time</span>
            </div>
          </div>
          {summary.criticalFailures.length ? (
            <>
              <h3 className={styles.listTitle}>Critical failures</h3>
              <ul className={`${styles.list} loss`}>
                {summary.criticalFailures.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {summary.warnings.length ? (
            <>
              <h3 className={styles.listTitle}>Warnings</h3>
              <ul className={styles.list}>
                {summary.warnings.map((text) => (
                  // Held articles wait in the Articles tab's review filter.
                  <li key={text}>{/held for review/i.test(text) ? <Link to={REVIEW_FILTER_HREF}>{text}</Link> : text}</li>
                ))}
              </ul>
            </>
          ) : null}
          {!summary.criticalFailures.length && !summary.warnings.length ? <p className="muted">Nothing needs attention.</p> : null}
        </>
      )}
    </Card>
  );
}
