/** 7-day sparklines for the market table: one price per 4-hour slot, for every tracked coin. */
import { covers, JOIN_LIMIT } from "#schema/contracts/recorded-span.ts";
import type { WaitUntil } from "#worker/lib/deps.ts";
import { SPARKLINE_KEY } from "./cache-keys.ts";

export { SPARKLINE_KEY };
export const SPARKLINE_SLOT_S = 4 * 3_600;
/** 43 slots (168 to 172 hours): the window always holds the moment 7 days ago, which the 7d change is measured from. */
export const SPARKLINE_SLOTS = 43;
const WEEK_S = 7 * 86_400;
/** The stored set is rebuilt when older than this: the feed adds a history point every 5 minutes. */
const FRESH_MS = 5 * 60_000;

/**
 * `edges` holds each coin's real first and last times: `lead`, its latest price before the first slot
 * (at most a join limit earlier), whose line enters the week from the left; `last`, when its newest
 * price was taken. Slot starts alone would misplace both by up to a slot: a week recorded twice a day
 * seems to start 13 hours late when its price before the window is dropped, and a price a minute old
 * seems 4 hours old just after a slot turns (the replay e2e saw 94 of 99 sparklines at such a turn).
 */
export type Sparklines = {
  at: number;
  from: number;
  series: Record<string, (number | null)[]>;
  edges: Record<string, { lead: number | null; last: number }>;
};

// One row per coin and slot: SQLite takes the bare `price` from the row holding MAX(ts).
const READ = `SELECT coin_id AS id, ts / ${SPARKLINE_SLOT_S} AS slot, price, MAX(ts) AS ts FROM price_history
  WHERE ts >= ?1 GROUP BY coin_id, slot`;

/** Builds every coin's series from D1. Slots without a point stay null, so a gap draws as a gap. */
export async function buildSparklines(db: D1Database, now: number): Promise<Sparklines> {
  const lastSlot = Math.floor(now / 1000 / SPARKLINE_SLOT_S);
  const firstSlot = lastSlot - SPARKLINE_SLOTS + 1;
  const from = firstSlot * SPARKLINE_SLOT_S;
  const { results } = await db
    .prepare(READ)
    .bind(from - JOIN_LIMIT["7d"])
    .all<{ id: string; slot: number; price: number; ts: number }>();
  const series: Record<string, (number | null)[]> = {};
  const edges: Sparklines["edges"] = {};
  for (const r of results) {
    const edge = edges[r.id] ?? { lead: null, last: 0 };
    edges[r.id] = edge;
    const i = r.slot - firstSlot;
    if (i < 0) {
      edge.lead = Math.max(edge.lead ?? 0, r.ts);
      continue;
    }
    if (i >= SPARKLINE_SLOTS) continue;
    const row = series[r.id] ?? Array.from({ length: SPARKLINE_SLOTS }, () => null);
    series[r.id] = row;
    row[i] = r.price;
    edge.last = Math.max(edge.last, r.ts);
  }
  return { at: now, from, series, edges };
}

/**
 * The sparklines every list page serves, from KV. A stale set is answered at once while one
 * rebuild runs in the background; only a site that never built one waits for it.
 */
export async function readSparklines(env: Env, waitUntil: WaitUntil, now = Date.now()): Promise<Sparklines> {
  const stored = await env.KV.get<Sparklines>(SPARKLINE_KEY, "json");
  // A set stored before `edges` existed cannot say where a week starts: built again, once.
  const usable = stored?.edges ? stored : null;
  const rebuild = async () => {
    const built = await buildSparklines(env.DB, now);
    await env.KV.put(SPARKLINE_KEY, JSON.stringify(built));
    return built;
  };
  if (!usable) return rebuild();
  if (now - usable.at > FRESH_MS) waitUntil(rebuild());
  return usable;
}

/**
 * A coin's "Last 7 days" for the table: the series only when its recorded prices cover the 7 days (a
 * line from at or before 7 days ago, within a slot, to within a slot of now, never crossing more than
 * 36 hours without a price), else null; and how many hours the recorded line ending now does cover,
 * for saying so (docs/decisions/charts/draw-only-what-is-recorded.md). The price before the week is not
 * drawn: the line starts at the week's first recorded price.
 */
export function sparklineOf(set: Sparklines, id: string): { sparkline: (number | null)[] | null; sparklineHours: number } {
  const row = set.series[id];
  const edge = set.edges[id];
  const times = (row ?? []).flatMap((p, i) => (p == null ? [] : [set.from + i * SPARKLINE_SLOT_S]));
  if (edge && times.length > 0) times[times.length - 1] = edge.last;
  if (edge?.lead != null && times.length > 0) times.unshift(edge.lead);
  const now = Math.floor(set.at / 1000);
  const { covered, from } = covers(times, { start: now - WEEK_S, end: now }, JOIN_LIMIT["7d"], SPARKLINE_SLOT_S);
  // Slots are 4 hours wide: a line whose first slot starts before the window's week still covers the week.
  const hours = from === null || times.length < 2 ? 0 : Math.min(WEEK_S, now - from) / 3_600;
  return { sparkline: covered && row ? row : null, sparklineHours: Math.floor(hours) };
}
