import { useQuery } from "@tanstack/react-query";
import { Card } from "#web/components/ui/card.tsx";
import { CoverageBadge } from "#web/components/ui/coverage-badge.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { adminStatsQuery } from "../api/stats.ts";
import styles from "./stats.module.css";

/** The Overview's stats block: members by role, articles, chart coverage. */
export function StatsBlock() {
  const { data, isLoading, isError } = useQuery(adminStatsQuery());
  if (isLoading) return <Skeleton height={120} />;
  if (isError || !data) return <Notice tone="error">Unable to load the site stats.</Notice>;
  return (
    <Card title="Stats">
      <dl className={styles.grid}>
        <div>
          <dt>Users</dt>
          <dd className="num">{data.users.total}</dd>
          <dd className={styles.sub}>
            {data.users.admins} admin · {data.users.premium} premium · {data.users.regular} regular
          </dd>
        </div>
        <div>
          <dt>Articles</dt>
          <dd className="num">{data.articles}</dd>
        </div>
        <div>
          <dt>Chart mappings</dt>
          <dd className="num">
            {data.tradingview.mapped} / {data.tradingview.total}
          </dd>
          <dd className={styles.sub}>
            <CoverageBadge coverage={data.tradingview.coverage} /> {data.tradingview.unmapped} unmapped
          </dd>
        </div>
      </dl>
    </Card>
  );
}
