import type { MarketCoin } from "#worker/ports/market/market-data.ts";
import { priceEvent } from "./describe.ts";
import { type NewEvent, recordEvents } from "./events.ts";
import { FIRE_SQL, REARM_SQL, TICK_KINDS, type TickKind } from "./tick-sql.ts";

/**
 * Price and 24 h move alerts, evaluated on every price tick without reading every alert
 * (docs/decisions/alerts/evaluation-index.md). Per kind, one statement fires and one re-arms, each
 * a join of the tick's coins (one JSON parameter) with `alerts_eval_idx` on (coin, kind, armed,
 * threshold): equality on the first three, a range on the threshold, so a statement reads only the
 * rows that change. Firing is `UPDATE ... SET armed = 0 WHERE armed = 1`: when ticks overlap, D1
 * runs the statements one after the other and only the first finds the row armed.
 */

/** Whether a new (or edited, or resumed) alert starts armed: only when its condition does not hold yet. */
export function startsArmed(kind: string, threshold: number, coin: { priceUsd: number; change24h: number | null }): boolean {
  if (kind === "price_above") return coin.priceUsd < threshold;
  if (kind === "price_below") return coin.priceUsd > threshold;
  if (kind === "move_24h") return Math.abs(coin.change24h ?? 0) < threshold;
  return true;
}

type Fired = { id: number; user_id: string; coin_id: string; symbol: string; coin_name: string; kind: TickKind; threshold: number };

export type TickResult = { fired: number; rearmed: number; recorded: number; rowsRead: number };

/**
 * One tick: fires and re-arms in one batch (a transaction), then records an event per firing.
 * Returns the events recorded (to be delivered) and what the batch read, for the bench.
 */
export async function evaluateTick(
  db: D1Database,
  coins: readonly Pick<MarketCoin, "id" | "price" | "change24h">[],
  at: number,
): Promise<TickResult & { events: Awaited<ReturnType<typeof recordEvents>> }> {
  const tick = coins.filter((c) => c.price > 0).map((c) => ({ id: c.id, price: c.price, change24h: c.change24h }));
  const json = JSON.stringify(tick);
  const iso = new Date(at).toISOString();
  const results = await db.batch<Fired>([
    ...TICK_KINDS.map((k) => db.prepare(FIRE_SQL[k]).bind(json, iso)),
    ...TICK_KINDS.map((k) => db.prepare(REARM_SQL[k]).bind(json)),
  ]);
  const fired = results.slice(0, TICK_KINDS.length).flatMap((r) => r.results);
  const rearmed = results.slice(TICK_KINDS.length).reduce((n, r) => n + r.results.length, 0);
  let rowsRead = results.reduce((n, r) => n + (r.meta.rows_read ?? 0), 0);

  const byId = new Map(tick.map((c) => [c.id, c]));
  const events: NewEvent[] = fired.map((a) => {
    const coin = byId.get(a.coin_id);
    const text = priceEvent(a.kind, { symbol: a.symbol, name: a.coin_name }, a.threshold, {
      price: coin?.price ?? 0,
      change24h: coin?.change24h ?? null,
      at: iso,
    });
    return { userId: a.user_id, alertId: a.id, eventKey: `cross:${iso}`, kind: a.kind, symbol: a.symbol, ...text };
  });
  const recorded = await recordEvents(db, events);
  rowsRead += recorded.rowsRead;
  return { fired: fired.length, rearmed, recorded: recorded.rows.length, rowsRead, events: recorded };
}
