/**
 * Search benchmark: 10,000 generated articles in a local D1 (Miniflare, our migrations), the same
 * queries through the trigram FTS5 index and through a LIKE scan of every row, in one run. Prints
 * p50/p95 per path and the ratio (target: FTS5 p95 under 30 ms and at least 10x faster).
 *   node scripts/bench/search.ts
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { Miniflare } from "miniflare";
import { ftsSearchSql, scanSearchSql, searchArticlesFts, searchArticlesScan } from "#worker/features/search/article-search.ts";
import { projectRoot } from "../lib/wrangler.ts";
import { benchArticles } from "./corpus.ts";
import { percentile } from "./stats.ts";

const ARTICLES = 10_000;
const RUNS_PER_QUERY = 12;
/** Whole words, word pieces, coin names, phrases, and words that match nothing. */
const QUERIES = [
  "bitcoin",
  "Ethereum",
  "staking",
  "liquidity pool",
  "halving",
  "olana",
  "quidit",
  "seed phrase",
  "rollup",
  "social momentum",
  "market cap",
  "validator",
  "stablecoin",
  "dollar-cost",
  "xyzzyqq",
  "phishing",
];

/** Runs one statement `runs` times inside workerd and answers each run's duration (the timer ticks in whole ms). */
const TIMING_WORKER = `export default {
  async fetch(request, env) {
    const { sql, params, runs } = await request.json();
    const times = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      await env.DB.prepare(sql).bind(...params).all();
      times.push(performance.now() - start);
    }
    return Response.json(times);
  },
};`;

export async function benchSearch(): Promise<void> {
  // An in-memory D1 and a worker that times queries next to it, so Node's proxy hop is not measured.
  const mf = new Miniflare({
    workers: [
      {
        config: {
          name: "bench",
          compatibilityDate: "2026-10-20",
          manifest: {
            mainModule: "index.js",
            modules: { "index.js": { type: "esm", contents: TIMING_WORKER } },
          },
          env: { DB: { type: "d1", id: "bench" } },
        },
      },
    ],
  });
  try {
    const d1 = await mf.getD1Database("DB");
    const migrations = join(projectRoot, "schema/migrations");
    for (const file of readdirSync(migrations)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      for (const statement of readFileSync(join(migrations, file), "utf8").split("--> statement-breakpoint")) {
        if (statement.replace(/--.*$/gm, "").trim()) await d1.prepare(statement).run();
      }
    }

    const loadStart = performance.now();
    const insert = d1.prepare(
      "INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at) VALUES (?, ?, ?, ?, ?, 'published', ?)",
    );
    let batch: ReturnType<typeof insert.bind>[] = [];
    for (const a of benchArticles(ARTICLES)) {
      batch.push(insert.bind(a.slug, a.title, a.excerpt, a.content, a.categoryId, a.publishedAt));
      if (batch.length === 250) {
        await d1.batch(batch);
        batch = [];
      }
    }
    if (batch.length) await d1.batch(batch);
    const loaded = await d1
      .prepare("SELECT count(*) AS n, sum(length(content)) AS chars FROM articles")
      .first<{ n: number; chars: number }>();
    console.log(
      `search: ${loaded?.n} articles (${((loaded?.chars ?? 0) / 1e6).toFixed(1)} M characters) loaded and indexed in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );

    const db = drizzle(d1 as never);
    const now = new Date().toISOString();
    // Same answers first: the index is only worth measuring if it finds what the scan finds.
    for (const q of QUERIES) {
      const [a, b] = await Promise.all([searchArticlesFts(db, q, 20, now), searchArticlesScan(db, q, 20, now)]);
      const same = a.total === b.total && a.articles.map((x) => x.id).join() === b.articles.map((x) => x.id).join();
      if (!same) console.log(`  note: "${q}": FTS5 found ${a.total}${a.capped ? "+" : ""}, LIKE ${b.total}${b.capped ? "+" : ""}`);
    }

    const dialect = new SQLiteAsyncDialect();
    const statements = { fts5: ftsSearchSql, "LIKE scan": scanSearchSql };
    const results: Record<string, { p50: number; p95: number; mean: number }> = {};
    for (const [name, build] of Object.entries(statements)) {
      const samples: number[] = [];
      for (const q of QUERIES) {
        const { sql, params } = dialect.sqlToQuery(build(q, 20, now));
        const res = await mf.dispatchFetch("http://bench/", {
          method: "POST",
          body: JSON.stringify({ sql, params, runs: RUNS_PER_QUERY }),
        });
        const times = (await res.json()) as number[];
        samples.push(...times);
      }
      samples.sort((x, y) => x - y);
      const stats = {
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        mean: samples.reduce((s, x) => s + x, 0) / samples.length,
      };
      results[name] = stats;
      console.log(
        `  ${name.padEnd(10)} ${samples.length} queries  p50 ${stats.p50.toFixed(1)} ms  p95 ${stats.p95.toFixed(1)} ms  mean ${stats.mean.toFixed(2)} ms`,
      );
    }
    const fts = results.fts5;
    const scan = results["LIKE scan"];
    if (fts && scan) {
      const ratio = scan.p95 / fts.p95;
      console.log(
        `  FTS5 p95 is ${ratio.toFixed(1)}x faster than the scan (target >= 10x: ${ratio >= 10 ? "met" : "NOT met"}); FTS5 p95 ${fts.p95.toFixed(2)} ms (target < 30 ms: ${fts.p95 < 30 ? "met" : "NOT met"})`,
      );
    }
  } finally {
    await mf.dispose();
  }
}

if (import.meta.main) await benchSearch();
