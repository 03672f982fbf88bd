/**
 * Seeds the local (or, with --remote, the production) D1 database. Idempotent: every seeder
 * upserts, so running it again changes nothing that is already there.
 *   node scripts/seed.ts --local [--persist-to DIR] | --remote
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { wranglerSync } from "./lib/wrangler.ts";

/** Each seeder returns SQL statements. Features add theirs here. */
const seeders: { name: string; sql: () => string[] }[] = [];

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
  for (const seeder of seeders) execute(seeder.sql(), target);
}

if (import.meta.main) {
  const remote = process.argv.includes("--remote");
  const persistAt = process.argv.indexOf("--persist-to");
  const persistTo = persistAt > 0 ? process.argv[persistAt + 1] : undefined;
  if (remote) for (const seeder of seeders) execute(seeder.sql(), ["--remote"]);
  else await seedLocal(persistTo ? { persistTo } : {});
  console.log(
    `seeded ${seeders.length ? seeders.map((s) => s.name).join(", ") : "nothing yet (no seeders)"} (${remote ? "remote" : "local"})`,
  );
}
