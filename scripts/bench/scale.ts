/**
 * `npm run bench:scale`: the site at about 100x today's data, served like `npm run bench` (Miniflare,
 * the bench build), and what its heavy paths cost there. Not part of `npm test`; nothing asserted.
 *   npm run bench:scale                      build, seed (6-8 min here), measure (3-5 min); 2.9 GB in build/
 *   BENCH_SCALE=0.1 npm run bench:scale      a tenth of the data, for a quick look (BENCH_SCALE multiplies 100x)
 *   BENCH_BUILD=0 BENCH_SCALE_REUSE=1 ...    the last build and the last seeded database (build/bench-scale)
 * Seeds (scale-seed.ts, straight into the database file): 100,000 articles as the newsroom writes
 * them, 100,000 members, 100,000 confirmed newsletter subscribers, 500 coins with a year of price
 * history thinned as the nightly roll-up keeps it. Reports: search, the admin article
 * list's first and last page, the sitemap index and its files, RSS, one newsroom day (the Workflow),
 * the daily newsletter send (the mail queue), and the database's size against D1's 10 GB.
 * Results: docs/performance.md (Scale run).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { BENCH_METER_HEADER } from "#worker/bench-noop.ts";
import { CONTENT_VERSION_KEY } from "#worker/features/content/cache-keys.ts";
import { projectRoot } from "../lib/wrangler.ts";
import { seedStatements } from "../seed.ts";
import { benchAdminCookie } from "./ask.ts";
import { pinServerToCore0 } from "./cores.ts";
import { BROWSER_HEADERS, type MeterTotals, measureCost, meter } from "./cost.ts";
import { cpuNanos, workerdPids } from "./cpu.ts";
import { d1File, seedDatabase } from "./scale-seed.ts";
import { type BenchServer, buildAll, startBenchServer } from "./serve.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ARTICLES = Math.round(100_000 * SCALE);
const MEMBERS = Math.round(100_000 * SCALE);
const SUBSCRIBERS = Math.round(100_000 * SCALE);
const STATE = join(projectRoot, "build/bench-scale");
const REUSE = process.env.BENCH_SCALE_REUSE === "1" && existsSync(join(STATE, "seeded.json"));
const D1_LIMIT_BYTES = 10 * 1000 ** 3;
const ORIGIN = "https://coinsight.example";

type Db = Awaited<ReturnType<BenchServer["mf"]["getD1Database"]>>;

/** The KV binding, as far as this script writes it. */
async function kvOf(server: BenchServer): Promise<{ put(key: string, value: string): Promise<void> }> {
  return (await server.mf.getKVNamespace("KV")) as unknown as { put(key: string, value: string): Promise<void> };
}

/** A progress bar on stderr: `[#####.....] 50% seeding articles`. */
let shown = "";
function progress(label: string, done: number, total: number): void {
  const width = 30;
  const filled = Math.round((done / Math.max(1, total)) * width);
  // Drawn again only when it changes: on a pipe, every redraw is a line of output.
  const state = `${label}:${Math.round((done / Math.max(1, total)) * 100)}`;
  if (state === shown) return;
  shown = state;
  process.stderr.write(
    `\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${Math.round((done / Math.max(1, total)) * 100)}% ${label}   `,
  );
  if (done >= total) process.stderr.write("\n");
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

async function sizeOf(db: Db): Promise<number> {
  const res = await db.prepare("SELECT 1").all();
  return Number((res.meta as { size_after?: number }).size_after ?? Number.NaN);
}

/** Migrations the persisted database has not had yet (a reused database after a new one). */
async function migrate(db: Db): Promise<void> {
  await db.prepare("CREATE TABLE IF NOT EXISTS bench_migrations (name TEXT PRIMARY KEY)").run();
  const done = new Set(
    (await db.prepare("SELECT name FROM bench_migrations").all<{ name: string }>()).results.map((r: { name: string }) => r.name),
  );
  for (const migration of await readD1Migrations(join(projectRoot, "schema/migrations"))) {
    if (done.has(migration.name)) continue;
    await db.batch([
      ...migration.queries.map((q) => db.prepare(q)),
      db.prepare("INSERT INTO bench_migrations (name) VALUES (?)").bind(migration.name),
    ]);
  }
}

/** D1 rows and KV operations the crons, the Workflow and the queue consumer made between two readings. */
function storage(m0: MeterTotals, m1: MeterTotals): string {
  const d = (k: keyof MeterTotals["background"]) => (m1.background[k] - m0.background[k]).toLocaleString("en");
  return `D1 ${d("rowsRead")} rows read, ${d("rowsWritten")} written in ${d("queries")} queries, KV ${d("kvReads")} reads, ${d("kvWrites")} writes`;
}

type One = { ms: number; cpuMs: number; rows: number; status: number; bytes: number };

/** One request alone, metered: its time, workerd's CPU meanwhile, and the D1 rows it read. */
async function one(server: BenchServer, path: string, headers: Record<string, string> = {}): Promise<One> {
  const pids = workerdPids();
  const m0 = await meter(server);
  const n0 = cpuNanos(pids);
  const t0 = performance.now();
  const res = await fetch(new URL(path, server.url), {
    headers: { ...BROWSER_HEADERS, ...headers, [BENCH_METER_HEADER]: "1", "accept-encoding": "identity" },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - t0;
  const cpuMs = (cpuNanos(pids) - n0) / 1e6;
  await new Promise((r) => setTimeout(r, 200));
  const m1 = await meter(server);
  return { ms, cpuMs, rows: m1.rowsRead - m0.rowsRead, status: res.status, bytes };
}

/** A new content version, as an article write makes: every content cache starts cold. */
async function newVersion(server: BenchServer): Promise<void> {
  await (await kvOf(server)).put(CONTENT_VERSION_KEY, `cold-${Date.now().toString(36)}`);
  // Isolates reread the version at most once a second (cache-keys.ts).
  await new Promise((r) => setTimeout(r, 1200));
}

const line = (name: string, o: One) =>
  `  ${name.padEnd(44)} ${`${o.ms.toFixed(0)} ms`.padStart(8)} ${`${o.cpuMs.toFixed(1)} ms CPU`.padStart(13)} ${`${o.rows.toLocaleString("en")} rows`.padStart(14)} ${`${(o.bytes / 1024).toFixed(0)} KB`.padStart(8)}  ${o.status}`;

async function measure(server: BenchServer): Promise<void> {
  const db = await server.mf.getD1Database("DB");
  const counts = await db
    .prepare(
      "SELECT (SELECT count(*) FROM articles) AS articles, (SELECT count(*) FROM users) AS members, " +
        "(SELECT count(*) FROM newsletter_subscribers WHERE status = 'confirmed') AS subscribers, " +
        "(SELECT count(*) FROM coins) AS coins, (SELECT count(*) FROM price_history) AS history",
    )
    .first<Record<string, number>>();
  console.log(
    `\nThe database: ${Object.entries(counts ?? {})
      .map(([k, v]) => `${Number(v).toLocaleString("en")} ${k}`)
      .join(", ")}`,
  );
  console.log(
    `size ${mb(await sizeOf(db))} of D1's 10 GB (${((100 * (await sizeOf(db))) / D1_LIMIT_BYTES).toFixed(1)} %); load average ${load()}`,
  );

  // Search: a different query each time (a cached answer would measure the cache).
  const guides = join(projectRoot, "worker/features/content/guides");
  const text = readdirSync(guides)
    .filter((f) => f.endsWith(".md"))
    .map((f) => readFileSync(join(guides, f), "utf8"))
    .join(" ");
  const words = [...new Set(text.toLowerCase().match(/[a-z]{5,}/g) ?? [])];
  const queries = words.slice(0, 400).map((w) => `/api/search?q=${w}`);
  console.log(`\nSearch (${queries.length} different queries, each once uncached, then sampled one at a time):`);
  const search = await measureCost(
    server,
    { name: "search", paths: queries.slice(0, 300), samplePaths: queries.slice(300) },
    { amount: 300, connections: 4, samples: 100, metered: 0 },
  );
  console.log(
    `  p50 ${search.p50Ms.toFixed(0)} ms, p95 ${search.p95Ms.toFixed(0)} ms (one at a time); CPU ${(search.cpuUs / 1000).toFixed(1)} ms per request at 4 connections, at most ${(search.maxUs / 1000).toFixed(1)} ms`,
  );
  // A word none of the 400 asked for: a cached answer would read nothing.
  const searchRows = await one(server, `/api/search?q=${words[400] ?? "liquidity"}`);
  console.log(line("one uncached search, metered", searchRows));

  // The admin article list: 100 a page, newest first.
  const cookie = await benchAdminCookie(server);
  const admin = { cookie, accept: "application/json" };
  const first = await one(server, "/api/articles?page=1&limit=100", admin);
  const total = (await (await fetch(new URL("/api/articles?page=1&limit=100", server.url), { headers: admin })).json()) as {
    totalPages: number;
  };
  const last = await one(server, `/api/articles?page=${total.totalPages}&limit=100`, admin);
  const middle = await one(server, `/api/articles?page=${Math.ceil(total.totalPages / 2)}&limit=100`, admin);
  console.log(`\nThe admin article list (${total.totalPages.toLocaleString("en")} pages of 100):`);
  console.log(line("first page", first));
  console.log(line(`middle page (${Math.ceil(total.totalPages / 2)})`, middle));
  console.log(line(`last page (${total.totalPages})`, last));

  // Sitemap and feeds, cold (the first request after an article write) and then warm.
  console.log("\nSitemap index, its files and the RSS feed, cold (right after a content write), then warm:");
  const index = await (async () => {
    await newVersion(server);
    return one(server, "/sitemap.xml");
  })();
  console.log(line("/sitemap.xml (cold)", index));
  console.log(line("/sitemap.xml (warm)", await one(server, "/sitemap.xml")));
  const files = [
    ...(await (await fetch(new URL("/sitemap.xml", server.url))).text()).matchAll(/<loc>[^<]*?(\/sitemap-[a-z0-9-]+\.xml)<\/loc>/g),
  ].map((m) => m[1] as string);
  console.log(`  the index names ${files.length} files`);
  for (const file of [files[0], files[1], files.at(-1)].filter((f): f is string => Boolean(f))) {
    console.log(line(`${file} (cold for its block)`, await one(server, file)));
  }
  await newVersion(server);
  console.log(line("/rss.xml (cold)", await one(server, "/rss.xml")));
  console.log(line("/rss.xml (warm)", await one(server, "/rss.xml")));
  console.log(line("/ (guest page, cold content)", await one(server, "/")));
  console.log(line("/api/articles?page=1&limit=20 (public, cold)", await one(server, "/api/articles?page=1&limit=20")));

  // The day's newsroom instance mails the day's newsletter as its last step: measured from the tasks' end.
  if (await newsroomDay(server, db)) await dailySend(server, db);
  else
    console.log("\nThe daily send: sent by the day's newsroom instance on this database today (a reused one): see the first run's figures");
  console.log(`\nsize at the end: ${mb(await sizeOf(db))} of D1's 10 GB; load average ${load()}`);
}

/** Runs a cron as the platform would, at `at`. */
async function cron(server: BenchServer, expression: string, at: Date): Promise<void> {
  // Miniflare's Fetcher has scheduled(); its types do not say so.
  const worker = (await server.mf.getWorker()) as unknown as { scheduled(o: { cron: string; scheduledTime: Date }): Promise<unknown> };
  await worker.scheduled({ cron: expression, scheduledTime: at });
}

async function until(what: string, check: () => Promise<{ done: number; total: number } | null>, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const state = await check();
    if (state) progress(what, state.done, state.total);
    if (state && state.done >= state.total) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`${what}: not done after ${seconds(limitMs)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Runs one newsroom day as the 06:00 cron starts it; false when this database already ran today (a reused one). */
async function newsroomDay(server: BenchServer, db: Db): Promise<boolean> {
  const today = new Date().toISOString().slice(0, 10);
  const pids = workerdPids();
  const cpu0 = cpuNanos(pids);
  const before = (await db.prepare("SELECT count(*) AS n FROM articles").first<{ n: number }>())?.n ?? 0;
  const done = await db.prepare("SELECT count(*) AS n FROM generation_runs WHERE date = ?").bind(today).first<{ n: number }>();
  if ((done?.n ?? 0) > 0) {
    console.log("\nOne newsroom day: already run on this database today (a reused one): see the first run's figures");
    return false;
  }
  const m0 = await meter(server);
  const started = Date.now();
  await cron(server, "0 6 * * *", new Date(`${today}T06:00:00Z`));
  await until(
    "one newsroom day (the Workflow's tasks)",
    async () => {
      const rows = (await db.prepare("SELECT status FROM generation_runs WHERE date = ?").bind(today).all<{ status: string }>()).results;
      return rows.length
        ? { done: rows.filter((r: { status: string }) => r.status === "completed" || r.status === "failed").length, total: rows.length }
        : null;
    },
    30 * 60_000,
  );
  const ms = Date.now() - started;
  const runs = (
    await db.prepare("SELECT task, status FROM generation_runs WHERE date = ?").bind(today).all<{ task: string; status: string }>()
  ).results;
  const after = (await db.prepare("SELECT count(*) AS n FROM articles").first<{ n: number }>())?.n ?? 0;
  const m1 = await meter(server);
  console.log(
    `\nOne newsroom day: ${runs.length} tasks (${runs.filter((r: { status: string }) => r.status === "completed").length} completed) in ${seconds(ms)}, ` +
      `${after - before} articles written, workerd CPU ${seconds((cpuNanos(pids) - cpu0) / 1e6)} meanwhile; ${storage(m0, m1)}`,
  );
  return true;
}

/** Waits for the day's newsletter, which the newsroom instance queued as its last step, to reach every subscriber. */
async function dailySend(server: BenchServer, db: Db): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const pids = workerdPids();
  const cpu0 = cpuNanos(pids);
  const m0 = await meter(server);
  const subscribers =
    (await db.prepare("SELECT count(*) AS n FROM newsletter_subscribers WHERE status = 'confirmed'").first<{ n: number }>())?.n ?? 0;
  const ms = await until(
    `the daily newsletter to ${subscribers.toLocaleString("en")} subscribers (the mail queue)`,
    async () => {
      const sent = await db
        // Mailed recipients are counted on their message's row, the others have a row each (what went wrong).
        .prepare(
          `SELECT (SELECT coalesce(sum(sent_count), 0) FROM newsletter_send_messages WHERE edition_date = ?1)
             + (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1) AS n`,
        )
        .bind(today)
        .first<{ n: number }>();
      return { done: sent?.n ?? 0, total: subscribers };
    },
    60 * 60_000,
  );
  const m1 = await meter(server);
  const edition = await db.prepare("SELECT status FROM newsletter_editions WHERE edition_date = ?").bind(today).first<{ status: string }>();
  console.log(
    `\nThe daily send: ${subscribers.toLocaleString("en")} subscribers queued by the newsroom instance's last step, all mailed ${seconds(ms)} after its tasks ended: ` +
      `${m1.queueBatches - m0.queueBatches} consumer invocations for ${m1.queueMessages - m0.queueMessages} messages, ` +
      `${Math.round(subscribers / (ms / 1000)).toLocaleString("en")} mails/s; edition ${edition?.status ?? "?"}; workerd CPU ${seconds((cpuNanos(pids) - cpu0) / 1e6)} meanwhile; ` +
      `${storage(m0, m1)} (the offline mail adapter writes each mail to the outbox: one row a mail more than with a live provider)`,
  );
}

if (process.env.BENCH_BUILD !== "0") buildAll();
pinServerToCore0();
if (!REUSE) rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
console.log(
  `bench:scale at ${SCALE}x 100x today (${ARTICLES.toLocaleString("en")} articles); state in ${STATE}${REUSE ? " (reused)" : ""}; load average ${load()}`,
);
// Development: the newsroom writes from the offline market data, which production refuses to.
const serve = () =>
  startBenchServer(
    { SESSION_SECRET: "scale-".repeat(8), PUBLIC_ORIGIN: ORIGIN, APP_ENV: "development" },
    { persistTo: STATE, seeded: true },
  );
let server = await serve();
try {
  // Migrated here, not by startBenchServer: a reused database takes only the migrations it lacks.
  const db = await server.mf.getD1Database("DB");
  await migrate(db);
  if (!REUSE) await db.batch(seedStatements().map((q) => db.prepare(q)));
  // The first read publishes the first price snapshot and fills the coins table.
  const warm = await fetch(new URL("/api/cryptos?limit=10", server.url));
  if (!warm.ok) throw new Error(`warm-up failed: ${warm.status}`);
  if (!REUSE) {
    // The bulk rows go straight into the database file, with Miniflare stopped (scale-seed.ts).
    await server.dispose();
    const started = Date.now();
    const took = seedDatabase(d1File(STATE), { articles: ARTICLES, members: MEMBERS, subscribers: SUBSCRIBERS }, progress);
    server = await serve();
    // Everything cached so far describes the site before the seed.
    await (await kvOf(server)).put(CONTENT_VERSION_KEY, `scale-${Date.now().toString(36)}`);
    writeFileSync(join(STATE, "seeded.json"), JSON.stringify({ scale: SCALE, at: new Date().toISOString(), took }));
    console.log(
      `seeded in ${seconds(Date.now() - started)} (${Object.entries(took)
        .map(([part, ms]) => `${part} ${seconds(ms)}`)
        .join(", ")}); load average ${load()}`,
    );
  }
  await measure(server);
} finally {
  await server.dispose();
}
