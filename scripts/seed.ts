/**
 * Seeds the local (or, with --remote, the production) D1 database. Idempotent: every seeder
 * upserts, so running it again changes nothing that is already there.
 *   node scripts/seed.ts --local [--persist-to DIR] | --remote
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTENT_VERSION_KEY } from "#worker/features/content/cache-keys.ts";
import { guidesSeedSql } from "./lib/guides.ts";
import { historySeedSql } from "./lib/history.ts";
import { wranglerSync } from "./lib/wrangler.ts";

/**
 * Each seeder returns SQL statements, and optionally KV entries to write after them (e.g. a cache
 * version, so a running site stops serving lists cached before the seed). Features add theirs here.
 */
type Seeder = { name: string; sql: () => string[]; kv?: () => Record<string, string> };

const seeders: Seeder[] = [
  {
    name: "crypto-101 guides",
    sql: guidesSeedSql,
    kv: () => ({ [CONTENT_VERSION_KEY]: `seed-${Date.now().toString(36)}` }),
  },
  { name: "a year of daily prices", sql: historySeedSql },
];

function writeKv(entries: Record<string, string>, target: string[]): void {
  for (const [key, value] of Object.entries(entries)) wranglerSync(["kv", "key", "put", "--binding", "KV", key, value, ...target]);
}

function run(seeder: Seeder, target: string[]): void {
  execute(seeder.sql(), target);
  if (seeder.kv) writeKv(seeder.kv(), target);
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

/** Every seeder's statements, in order (the benchmark applies them through Miniflare). */
export function seedStatements(): string[] {
  return seeders.flatMap((s) => s.sql());
}

export async function seedLocal(options: { persistTo?: string } = {}): Promise<void> {
  const target = ["--local", ...(options.persistTo ? ["--persist-to", options.persistTo] : [])];
  for (const seeder of seeders) run(seeder, target);
}

if (import.meta.main) {
  const remote = process.argv.includes("--remote");
  const persistAt = process.argv.indexOf("--persist-to");
  const persistTo = persistAt > 0 ? process.argv[persistAt + 1] : undefined;
  if (remote) for (const seeder of seeders) run(seeder, ["--remote"]);
  else await seedLocal(persistTo ? { persistTo } : {});
  console.log(
    `seeded ${seeders.length ? seeders.map((s) => s.name).join(", ") : "nothing yet (no seeders)"} (${remote ? "remote" : "local"})`,
  );
}
