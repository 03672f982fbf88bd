import type { PriceSnapshot } from "./price-snapshot.ts";

/**
 * What the price feed promises the rest of the worker. The `PriceFeed` Durable Object
 * (`worker/durable-objects/price-feed.ts`) implements it and imports from this folder; nothing here
 * imports the Durable Object, so the two never depend on each other in a loop.
 */

/** How often prices refresh. Workers cron is minute-grained, so a Durable Object alarm keeps time. */
export const REFRESH_MS = 30_000;
/** How many coins the site tracks. */
export const TOP_COUNT = 500;

export type RefreshResult = { ok: true; snapshot: PriceSnapshot } | { ok: false; error: string; snapshot: PriceSnapshot | null };

/** The single PriceFeed instance (the binding's type names the class; no module import needed). */
export function priceFeed(env: Env) {
  return env.PRICE_FEED.get(env.PRICE_FEED.idFromName("global"));
}
