/**
 * The seeder for the recorded price history (scripts/data/history-seed.json, built by extract-history.ts).
 * Offline, it lays the history down as a replay: shifted so that the end of the recording is the
 * moment of seeding (docs/decisions/markets/offline-replay.md).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { keptSlot } from "#worker/features/cryptos/history-slots.ts";
import { projectRoot } from "./wrangler.ts";

export type HistorySeed = {
  /** ISO time the recording ends, e.g. "2026-04-30T12:21:00Z". */
  recordedEnd: string;
  /** Points per CoinGecko id: [unix seconds, USD price], oldest first. */
  coins: Record<string, [number, number][]>;
};

export function readHistorySeed(): HistorySeed {
  return JSON.parse(readFileSync(join(projectRoot, "scripts/data/history-seed.json"), "utf8")) as HistorySeed;
}

/**
 * A coin's points moved by `shift` seconds and placed on the slots the nightly roll-up keeps, seen
 * at `now`. Where two points share a slot the later one stays, as the history reads take the latest.
 */
export function placePoints(points: readonly [number, number][], shift: number, now: number): [number, number][] {
  const bySlot = new Map<number, [number, number]>();
  for (const [ts, price] of points) {
    const at = ts + shift;
    if (at > now) continue;
    const slot = keptSlot(at, now);
    const held = bySlot.get(slot);
    if (!held || held[0] <= at) bySlot.set(slot, [at, price]);
  }
  return [...bySlot].sort(([a], [b]) => a - b).map(([slot, [, price]]) => [slot, price]);
}

/** How far the recording is moved: its end lands on `replayAt` (ms), to the second. */
export function replayShift(seed: HistorySeed, replayAt: number): number {
  return Math.floor(replayAt / 1000) - Math.floor(Date.parse(seed.recordedEnd) / 1000);
}

/**
 * One statement per coin: its points travel as one JSON array. With `replayAt` (offline), the recording
 * replaces whatever history the last replay left, shifted to end then; without it (live data), the points
 * keep their recorded times and never overwrite a point the feed wrote.
 */
export function historySeedSql(options: { replayAt?: number } = {}, seed = readHistorySeed()): string[] {
  const now = Math.floor((options.replayAt ?? Date.now()) / 1000);
  const shift = options.replayAt === undefined ? 0 : replayShift(seed, options.replayAt);
  const inserts = Object.entries(seed.coins).map(([id, points]) => {
    const rows = JSON.stringify(placePoints(points, shift, now));
    return (
      `INSERT INTO price_history (coin_id, ts, price) SELECT '${id.replaceAll("'", "''")}', j.value ->> '$[0]', j.value ->> '$[1]' ` +
      `FROM json_each('${rows}') AS j WHERE true ON CONFLICT (coin_id, ts) DO NOTHING`
    );
  });
  return options.replayAt === undefined ? inserts : ["DELETE FROM price_history", "DELETE FROM coins", ...inserts];
}
