import { useSyncExternalStore } from "react";
import { getLiveStatus, type LiveStatus, subscribeLiveStatus } from "#web/lib/live-status.ts";
import { useLivePrices } from "../hooks/use-live-prices.ts";
import styles from "./live-dot.module.css";

/** Mounted once in the app shell: keeps the page's prices live. */
export function LivePrices() {
  useLivePrices();
  return null;
}

const LABEL: Record<Exclude<LiveStatus, "off">, { text: string; title: string }> = {
  live: { text: "Live", title: "Prices move as the market ticks (every 30 seconds)" },
  connecting: { text: "Connecting", title: "Connecting to live prices; prices refresh every 30 seconds meanwhile" },
  paused: { text: "Paused", title: "Live prices are paused; prices refresh every 30 seconds" },
};

/** The header's dot: live or paused. Nothing before the page runs (server render, crawlers). */
export function LiveDot() {
  const status = useSyncExternalStore(subscribeLiveStatus, getLiveStatus, () => "off" as const);
  if (status === "off") return null;
  const { text, title } = LABEL[status];
  return (
    <span className={styles.live} data-live={status} title={title} role="status">
      <span className={`${styles.dot} ${status === "live" ? styles.on : ""}`} aria-hidden="true" />
      <span className={styles.text}>{text}</span>
    </span>
  );
}
