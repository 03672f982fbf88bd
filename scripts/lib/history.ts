/** The seeder for a year of real daily prices (scripts/data/history-seed.json, built by extract-history.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./wrangler.ts";

type HistorySeed = { from: string; days: number; coins: Record<string, (number | null)[]> };

export function readHistorySeed(): HistorySeed {
  return JSON.parse(readFileSync(join(projectRoot, "scripts/data/history-seed.json"), "utf8")) as HistorySeed;
}

/**
 * One statement per coin: its daily prices travel as one JSON array, one point per UTC midnight
 * (midnights survive the nightly roll-up). Days without a price are skipped, so gaps stay gaps;
 * points the feed already wrote are never overwritten.
 */
export function historySeedSql(seed = readHistorySeed()): string[] {
  const start = Date.parse(`${seed.from}T00:00:00Z`) / 1000;
  return Object.entries(seed.coins).map(
    ([id, prices]) =>
      `INSERT INTO price_history (coin_id, ts, price) SELECT '${id.replaceAll("'", "''")}', ${start} + j.key * 86400, j.value ` +
      `FROM json_each('${JSON.stringify(prices)}') AS j WHERE j.value IS NOT NULL ON CONFLICT (coin_id, ts) DO NOTHING`,
  );
}
