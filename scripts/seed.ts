/**
 * Seeds the local (or, with --remote, the production) D1 database. Idempotent: every seeder
 * upserts, so running it again changes nothing that is already there.
 *   node scripts/seed.ts --local [--persist-to DIR] | --remote
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTENT_VERSION_KEY } from "#worker/features/content/cache-keys.ts";
import { PRICES_KEY, SPARKLINE_KEY } from "#worker/features/cryptos/cache-keys.ts";
import { REPLAY_KEY, type Replay } from "#worker/ports/market/replay.ts";
import { guidesSeedSql } from "./lib/guides.ts";
import { historySeedSql, readHistorySeed } from "./lib/history.ts";
import { projectRoot, wranglerSync } from "./lib/wrangler.ts";

/** What a seed run knows: with `replayAt` (ms), the site replays the recorded market data from that moment. */
type SeedRun = { replayAt?: number };

/**
 * Each seeder returns SQL statements, and optionally KV entries to write after them (e.g. a cache
 * version, so a running site stops serving lists cached before the seed) and KV keys to drop.
 * Features add theirs here.
 */
type Seeder = {
  name: string;
  sql: (run: SeedRun) => string[];
  kv?: (run: SeedRun) => Record<string, string>;
  kvDelete?: (run: SeedRun) => string[];
};

const seeders: Seeder[] = [
  {
    name: "crypto-101 guides",
    sql: () => guidesSeedSql(),
    kv: () => ({ [CONTENT_VERSION_KEY]: `seed-${Date.now().toString(36)}` }),
  },
  {
    name: "the recorded price history",
    sql: (run) => historySeedSql(run.replayAt === undefined ? {} : { replayAt: run.replayAt }),
    // A new replay starts from the recorded prices: the last run's walked prices and sparklines go.
    kv: (run): Record<string, string> =>
      run.replayAt === undefined
        ? {}
        : {
            [REPLAY_KEY]: JSON.stringify({
              recordedAt: readHistorySeed().recordedEnd,
              replayedAt: new Date(run.replayAt).toISOString(),
            } satisfies Replay),
          },
    kvDelete: (run) => (run.replayAt === undefined ? [] : [PRICES_KEY, SPARKLINE_KEY]),
  },
];

/** A local site with a CoinGecko key (in .dev.vars or the environment) shows live prices, not the replay. */
function liveMarketLocally(): boolean {
  if (process.env.COINGECKO_API_KEY) return true;
  return [".dev.vars", ".env"].some((name) => {
    const file = join(projectRoot, name);
    return existsSync(file) && /^\s*COINGECKO_API_KEY\s*=\s*\S/m.test(readFileSync(file, "utf8"));
  });
}

function writeKv(entries: Record<string, string>, target: string[]): void {
  for (const [key, value] of Object.entries(entries)) wranglerSync(["kv", "key", "put", "--binding", "KV", key, value, ...target]);
}

function deleteKv(keys: string[], target: string[]): void {
  for (const key of keys) wranglerSync(["kv", "key", "delete", "--binding", "KV", key, ...target]);
}

function run(seeder: Seeder, target: string[], seedRun: SeedRun): void {
  execute(seeder.sql(seedRun), target);
  if (seeder.kvDelete) deleteKv(seeder.kvDelete(seedRun), target);
  if (seeder.kv) writeKv(seeder.kv(seedRun), target);
}

function execute(sql: string[], target: string[]): void {
  if (sql.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), "coinsight-seed-"));
  const file = join(dir, "seed.sql");
  writeFileSync(file, `${sql.join(";\n")};\n`);
  try {
    wranglerSync(["d1", "execute", "DB", ...target, "--file", file, "--yes"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every seeder's statements, in order (the benchmark applies them through Miniflare, offline). */
export function seedStatements(): string[] {
  const seedRun = { replayAt: Date.now() };
  return seeders.flatMap((s) => s.sql(seedRun));
}

/** A local site replays the recorded market from now, unless it has a CoinGecko key. */
const localSeedRun = (): SeedRun => (liveMarketLocally() ? {} : { replayAt: Date.now() });

export async function seedLocal(options: { persistTo?: string } = {}): Promise<void> {
  const target = ["--local", ...(options.persistTo ? ["--persist-to", options.persistTo] : [])];
  const seedRun = localSeedRun();
  for (const seeder of seeders) run(seeder, target, seedRun);
}

/**
 * The local seed as data, in the order `seedLocal` applies it, for a caller that holds the database
 * and KV itself (the e2e setup, through Miniflare: one workerd instead of a wrangler per step).
 */
export function localSeedPlan(): { sql: string[]; kvDelete: string[]; kv: Record<string, string> }[] {
  const seedRun = localSeedRun();
  return seeders.map((s) => ({ sql: s.sql(seedRun), kvDelete: s.kvDelete?.(seedRun) ?? [], kv: s.kv?.(seedRun) ?? {} }));
}

if (import.meta.main) {
  const remote = process.argv.includes("--remote");
  const persistAt = process.argv.indexOf("--persist-to");
  const persistTo = persistAt > 0 ? process.argv[persistAt + 1] : undefined;
  // Production shows live prices: the recorded history keeps its real dates there.
  if (remote) for (const seeder of seeders) run(seeder, ["--remote"], {});
  else await seedLocal(persistTo ? { persistTo } : {});
  console.log(
    `seeded ${seeders.length ? seeders.map((s) => s.name).join(", ") : "nothing yet (no seeders)"} (${remote ? "remote" : "local"})`,
  );
}
