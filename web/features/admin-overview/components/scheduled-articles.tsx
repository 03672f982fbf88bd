import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { ScheduledArticle } from "#schema/contracts/schedule.ts";
import { Card } from "#web/components/ui/card.tsx";
import { LoadFailed } from "#web/components/ui/query-states.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { UtcTime } from "#web/components/ui/utc-time.tsx";
import { editorHref } from "#web/lib/admin-links.ts";
import { scheduledArticlesQuery } from "../api/scheduled.ts";
import styles from "./overview.module.css";

function StateOf({ article }: { article: ScheduledArticle }) {
  if (article.state === "scheduled") return <span className="badge badge-brand">Scheduled</span>;
  return (
    <>
      <span className="badge badge-red">{article.state === "held" ? "Held by the claim check" : "Failed"}</span>
      <ul className={`${styles.list} loss`}>
        {(article.state === "held" ? article.reasons : [article.message ?? "No reason was given"]).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </>
  );
}

/** Every scheduled publication, soonest first, each with its time in UTC and the admin's own, and why one did not publish. */
export function ScheduledArticlesCard() {
  const { data, isLoading, isError, refetch } = useQuery(scheduledArticlesQuery());
  const list = data?.articles ?? [];
  return (
    <Card title="Scheduled articles" aria-label="Scheduled articles">
      {isLoading ? (
        <Skeleton height={60} />
      ) : isError ? (
        <LoadFailed what="scheduled articles" onRetry={() => void refetch()} />
      ) : list.length === 0 ? (
        <p className="muted">No articles are scheduled. Schedule one from its editor.</p>
      ) : (
        <ul className={styles.scheduled}>
          {list.map((a) => (
            <li key={a.articleId}>
              <Link to={editorHref(a.articleId)}>{a.title}</Link>
              <span>
                <UtcTime iso={a.publishAt} />
              </span>
              <span className="muted">set by {a.scheduledBy}</span>
              <StateOf article={a} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
