/**
 * Serves the built Worker production-like: the bundle `wrangler deploy --dry-run` would upload, in
 * Miniflare (workerd) with the bindings of wrangler.toml, no dev proxy in front and no request logs.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { buildSite } from "../build/build.ts";
import { offlineEnv, projectRoot } from "../lib/wrangler.ts";
import { seedStatements } from "../seed.ts";
import { benchArticles } from "./corpus.ts";

export const buildDir = join(projectRoot, "build/bench");
/** The production Worker plus the no-op route (worker/bench-entry.ts): bench builds only. */
const BENCH_ENTRY = "worker/bench-entry.ts";

function run(args: string[]): void {
  const res = spawnSync(process.execPath, args, { cwd: projectRoot, env: offlineEnv, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${args.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
}

/** Builds the SPA (with a manifest, for bundle sizes) and its page renderer, and bundles the bench's Worker. */
export function buildAll(): void {
  buildSite({ logLevel: "error", echo: false, manifest: true });
  run([join(projectRoot, "node_modules/wrangler/bin/wrangler.js"), "deploy", "--dry-run", "--outdir", buildDir, BENCH_ENTRY]);
}

export type BenchServer = { url: URL; mf: Miniflare; dispose: () => Promise<void> };

type ServeOptions = {
  /** workerd's DevTools port, for a CPU profile of the isolate (never the bench's figures). */
  inspectorPort?: number;
  /** Generated news articles on top of the seed (today's site has about a thousand). */
  articles?: number;
  /** Where D1, KV and the caches persist (a directory); in memory when absent. */
  persistTo?: string;
  /** The database is already migrated and seeded (a persisted one from an earlier run). */
  seeded?: boolean;
  /** Another bundle of the bench's Worker than the last build's (ab.ts compares two). */
  script?: string;
};

type BenchDb = Awaited<ReturnType<Miniflare["getD1Database"]>>;

export async function startBenchServer(
  vars: Record<string, string> = {},
  { inspectorPort, articles = 0, persistTo, seeded = false, script = join(buildDir, "bench-entry.js") }: ServeOptions = {},
): Promise<BenchServer> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(projectRoot, "wrangler.toml"));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      ...(inspectorPort ? { inspectorPort } : {}),
      ...(persistTo ? { resourcePersistencePath: persistTo } : {}),
      workers: [
        {
          ...workerOptions,
          // The bundle is already built; wrangler's module rules only matter for unbundled sources.
          modulesRules: undefined,
          bindings: { ...(workerOptions.bindings as Record<string, unknown>), APP_ENV: "production", ...vars },
          name: "coinsight",
          modules: true,
          scriptPath: script,
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await mf.ready;
  const db = await mf.getD1Database("DB");
  if (!seeded) {
    for (const migration of await readD1Migrations(join(projectRoot, "schema/migrations"))) {
      await db.batch(migration.queries.map((q) => db.prepare(q)));
    }
    const seed = seedStatements();
    if (seed.length) await db.batch(seed.map((q) => db.prepare(q)));
    await insertArticles(db, articles);
  }
  return { url, mf, dispose: () => mf.dispose() };
}

/** Generated news articles, published ten minutes apart up to now, in batches. */
export async function insertArticles(db: BenchDb, count: number, onBatch?: (done: number) => void): Promise<void> {
  const insert = db.prepare(
    "INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at, read_time, image_url) VALUES (?, ?, ?, ?, ?, 'published', ?, 4, '/images/covers/daily-roundup.svg')",
  );
  let batch: ReturnType<typeof insert.bind>[] = [];
  let done = 0;
  for (const a of benchArticles(count)) {
    batch.push(insert.bind(a.slug, a.title, a.excerpt, a.content, a.categoryId, a.publishedAt));
    if (batch.length === 250) {
      await db.batch(batch);
      done += batch.length;
      onBatch?.(done);
      batch = [];
    }
  }
  if (batch.length) await db.batch(batch);
  onBatch?.(count);
}
