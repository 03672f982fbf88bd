import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { request } from "#web/lib/api-client.ts";
import styles from "./demo-notice.module.css";

function longDay(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** A slim line on every page while the site replays recorded market data instead of live figures. */
export function DemoNotice() {
  const { data } = useQuery({ queryKey: ["site-status"], queryFn: () => request("getSiteStatus"), staleTime: 5 * 60_000 });
  if (!data?.demo || !data.demoDataFrom) return null;
  return (
    <p className={styles.notice} role="note" data-testid="demo-notice">
      Demo data from {longDay(data.demoDataFrom)}: prices are replayed, not live. <Link to="/methodology">About our data</Link>
    </p>
  );
}
