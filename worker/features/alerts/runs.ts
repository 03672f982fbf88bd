import { readSnapshot } from "#worker/features/cryptos/index.ts";
import { logger } from "#worker/lib/log.ts";
import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { deliverEvents } from "./deliver.ts";
import { runDigests } from "./digest.ts";
import { evaluateTick } from "./evaluate.ts";
import { scanArticles, scanSentiment } from "./scans.ts";

const log = logger("alerts");

/**
 * What the PriceFeed calls after each published tick (its `written` subscriber, wired in worker/index.ts): price
 * and 24 h move alerts against the tick's own figures, then their mails. It never fails the tick: a
 * problem here is logged and the next tick tries again (a firing is only claimed together with its
 * event, so nothing is lost or doubled by the retry).
 */
export async function alertsOnTick(env: Env, coins: readonly MarketCoin[], at: number): Promise<void> {
  try {
    const result = await evaluateTick(env.DB, coins, at);
    const delivery = await deliverEvents(env, result.events.rows, at);
    if (result.fired || result.rearmed) {
      const { events: _, ...counts } = result;
      log.info("tick alerts", { ...counts, ...delivery });
    }
  } catch (err) {
    log.error("tick alerts failed", { error: err });
  }
}

/**
 * The every-minute cron's part: new articles and new sentiment snapshots against their alerts, then
 * the digests that are due. Each step is independent; one failing never stops the others.
 */
export async function runAlertsMinute(env: Env, now = Date.now()) {
  const snapshot = await readSnapshot(env.KV);
  const bySymbol = new Map<string, { id: string; symbol: string; name: string }>();
  // Two coins can share a symbol; the higher-ranked one owns it, as on /coin/{symbol}.
  for (const c of snapshot?.coins ?? []) if (!bySymbol.has(c.symbol)) bySymbol.set(c.symbol, c);
  const [articles, sentiment] = await Promise.allSettled([scanArticles(env.DB, bySymbol, now), scanSentiment(env.DB)]);
  const events = [articles, sentiment].flatMap((r) => (r.status === "fulfilled" ? r.value : []));
  const [delivery, digests] = await Promise.allSettled([deliverEvents(env, events, now), runDigests(env, snapshot, now)]);
  const failed = [articles, sentiment, delivery, digests].flatMap((r) =>
    r.status === "rejected" ? [String((r.reason as Error)?.message)] : [],
  );
  if (failed.length) throw new Error(`alerts minute: ${failed.join("; ")}`);
  return {
    events: events.length,
    ...(delivery.status === "fulfilled" ? delivery.value : {}),
    digests: digests.status === "fulfilled" ? digests.value : null,
  };
}
