import { MOVE_REARM_POINTS, PRICE_REARM_MARGIN } from "#schema/contracts/alert-rules.ts";

/**
 * The tick's statements (docs/decisions/alerts/evaluation-index.md), apart from the code that runs
 * them so the bench (scripts/bench/alerts-tick.ts) sends exactly these. Per kind, one statement fires
 * and one re-arms; each joins the tick's coins (JSON parameter ?1) with `alerts_eval_idx`.
 */

export type TickKind = "price_above" | "price_below" | "move_24h";
export const TICK_KINDS: TickKind[] = ["price_above", "price_below", "move_24h"];

const PRICE = "(j.value ->> '$.price')";
const MOVE = "abs(j.value ->> '$.change24h')";

/** The threshold side on which an armed alert fires. */
const FIRES: Record<TickKind, string> = {
  price_above: `alerts.threshold <= ${PRICE}`,
  price_below: `alerts.threshold >= ${PRICE}`,
  move_24h: `alerts.threshold <= ${MOVE}`,
};

/** Back across by the margin: a price sitting on the line never fires twice (hysteresis). */
const REARMS: Record<TickKind, string> = {
  price_above: `alerts.threshold >= ${PRICE} / ${1 - PRICE_REARM_MARGIN}`,
  price_below: `alerts.threshold <= ${PRICE} / ${1 + PRICE_REARM_MARGIN}`,
  move_24h: `alerts.threshold >= ${MOVE} + ${MOVE_REARM_POINTS}`,
};

/** The value a fired alert must come back to (at or past it) to re-arm: REARMS above, for the member. */
export function rearmLevel(kind: TickKind, threshold: number): number {
  if (kind === "price_above") return threshold * (1 - PRICE_REARM_MARGIN);
  if (kind === "price_below") return threshold * (1 + PRICE_REARM_MARGIN);
  return threshold - MOVE_REARM_POINTS;
}

/** Whether the next tick with these figures re-arms the alert: REARMS's own comparisons, so the two agree. */
export function rearmsOn(kind: TickKind, threshold: number, coin: { price: number; change24h: number | null }): boolean {
  if (kind === "price_above") return threshold >= coin.price / (1 - PRICE_REARM_MARGIN);
  if (kind === "price_below") return threshold <= coin.price / (1 + PRICE_REARM_MARGIN);
  return coin.change24h !== null && threshold >= Math.abs(coin.change24h) + MOVE_REARM_POINTS;
}

function update(kind: TickKind, from: 0 | 1, condition: string): string {
  const fired = from === 1 ? ", last_fired_at = ?2, fire_count = fire_count + 1" : "";
  return `UPDATE alerts SET armed = ${1 - from}${fired}
FROM json_each(?1) AS j
WHERE alerts.coin_id = j.value ->> '$.id' AND alerts.kind = '${kind}' AND alerts.armed = ${from} AND alerts.paused = 0
  AND ${condition}
RETURNING alerts.id, alerts.user_id, alerts.coin_id, alerts.symbol, alerts.coin_name, alerts.kind, alerts.threshold`;
}

export const FIRE_SQL = Object.fromEntries(TICK_KINDS.map((k) => [k, update(k, 1, FIRES[k])])) as Record<TickKind, string>;
export const REARM_SQL = Object.fromEntries(TICK_KINDS.map((k) => [k, update(k, 0, REARMS[k])])) as Record<TickKind, string>;
