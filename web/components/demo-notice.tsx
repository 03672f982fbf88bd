import { Link } from "react-router";
import { longDay } from "#web/lib/format.ts";
import styles from "./demo-notice.module.css";
import { useSiteStatus } from "./site-status.ts";

/** A slim line on every page while the site replays recorded market data instead of live figures. */
export function DemoNotice() {
  const { data, isPending } = useSiteStatus();
  // Its line is held while the status loads, so the page below does not jump down when it appears.
  if (isPending) return <div className={`${styles.notice} ${styles.pending}`} aria-hidden="true" />;
  if (!data?.demo || !data.demoDataFrom) return null;
  // In a landmark of its own (every part of a page sits in one), named so a landmark list says what it is.
  return (
    <aside aria-label="Demo data">
      <p className={styles.notice} role="note" data-testid="demo-notice">
        Demo data recorded {longDay(data.demoDataFrom)}
        <span className={styles.detail}>: CoinGecko prices replayed as if now, then modelled; social figures modelled</span>.{" "}
        <Link to="/methodology">About our data</Link>
      </p>
    </aside>
  );
}
