import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import type { PriceSnapshot } from "./price-snapshot.ts";

/**
 * What the price feed promises the rest of the worker, and what it asks of it. The `PriceFeed`
 * Durable Object (`price-feed.ts`) is the one writer of prices; the features that act on each tick
 * (live prices, alerts, pages rendered ahead) are handed to it by the entry (`worker/index.ts`), so
 * this feature imports none of them and they may all read prices from it.
 */

/** How often prices refresh. Workers cron is minute-grained, so a Durable Object alarm keeps time. */
export const REFRESH_MS = 30_000;
/** How many coins the site tracks. */
export const TOP_COUNT = 500;

export type RefreshResult = { ok: true; snapshot: PriceSnapshot } | { ok: false; error: string; snapshot: PriceSnapshot | null };

/** A tick as readers saw it: its number (stored by the feed, one more each tick) and the snapshot just written to KV. */
export type PublishedTick = { id: number; snapshot: PriceSnapshot };

/**
 * A feature that acts on each good tick, at up to three moments of it. A failure of `published` or
 * `written` is logged with the subscriber's name and never fails the tick; subscribers of one moment
 * run in list order.
 */
export type TickSubscriber = {
  /** Names the subscriber in the feed's log lines. */
  name: string;
  /** As soon as the snapshot is in KV, beside the D1 writes (open pages get the tick first); awaited before the tick ends. */
  published?: (env: Env, tick: PublishedTick) => Promise<void>;
  /** After the D1 writes and the feed status, awaited: reads the tick's own market figures. */
  written?: (env: Env, coins: readonly MarketCoin[], at: number) => Promise<void>;
  /** After a good tick of the alarm loop (not a refresh asked for by a read), not awaited: outside the tick. */
  afterAlarm?: (env: Env) => void;
};

/** The single PriceFeed instance (the binding's type names the class; no module import needed). */
export function priceFeed(env: Env) {
  return env.PRICE_FEED.get(env.PRICE_FEED.idFromName("global"));
}
