import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { request } from "#web/lib/api-client.ts";
import { longDay } from "#web/lib/format.ts";
import styles from "./demo-notice.module.css";

/** A slim line on every page while the site replays recorded market data instead of live figures. */
export function DemoNotice() {
  const { data, isPending } = useQuery({
    queryKey: ["site-status"],
    queryFn: () => request("getSiteStatus"),
    staleTime: 5 * 60_000,
  });
  // Its line is held while the status loads, so the page below does not jump down when it appears.
  if (isPending) return <div className={`${styles.notice} ${styles.pending}`} aria-hidden="true" />;
  if (!data?.demo || !data.demoDataFrom) return null;
  return (
    <p className={styles.notice} role="note" data-testid="demo-notice">
      Demo data from {longDay(data.demoDataFrom)}
      <span className={styles.detail}>: prices are replayed, not live</span>. <Link to="/methodology">About our data</Link>
    </p>
  );
}
