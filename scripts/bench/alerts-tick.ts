/**
 * Alerts tick benchmark: 10,000 price alerts on one coin in a local D1 (Miniflare, our migrations),
 * and the tick's fire and re-arm batch (worker/features/alerts/evaluate.ts) for a 500-coin tick:
 * a quiet tick (nothing crosses), a tick that crosses about 1 % of the alerts, the tick back that
 * re-arms them, and, for scale, one statement that reads every alert of the coin (what an unindexed
 * evaluation would do). Prints each one's time (timed inside workerd, next to D1) and rows read.
 *   npm run bench:alerts
 */

import { join } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { Miniflare } from "miniflare";
import { FIRE_SQL, REARM_SQL } from "#worker/features/alerts/tick-sql.ts";
import { projectRoot } from "../lib/wrangler.ts";
import { percentile } from "./stats.ts";

const ALERTS = 10_000;
const COINS = 500;
const RUNS = 30;
const PRICE = 64_000;

/** Runs one batch `runs` times inside workerd; answers each run's time and the rows each run read. */
const TIMING_WORKER = `export default {
  async fetch(request, env) {
    const { ticks, runs } = await request.json();
    const out = [];
    for (let i = 0; i < runs; i++) {
      for (const tick of ticks) {
        const start = performance.now();
        const results = await env.DB.batch(tick.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
        out.push({ ms: performance.now() - start, rowsRead: results.reduce((n, r) => n + (r.meta.rows_read ?? 0), 0),
          changed: results.reduce((n, r) => n + r.results.length, 0) });
      }
    }
    return Response.json(out);
  },
};`;

type Sample = { ms: number; rowsRead: number; changed: number };

/** A tick of 500 coins: the alerts' coin at `price`, the rest at made-up figures. */
function tickJson(price: number): string {
  const coins = Array.from({ length: COINS - 1 }, (_, i) => ({ id: `coin-${i}`, price: 1 + i, change24h: 0.5 }));
  return JSON.stringify([{ id: "bitcoin", price, change24h: 1.2 }, ...coins]);
}

/** The tick's own batch: fire then re-arm, per kind, exactly as evaluateTick sends it. */
function tickBatch(price: number, at: string) {
  const json = tickJson(price);
  return [
    ...Object.values(FIRE_SQL).map((sql) => ({ sql, params: [json, at] })),
    ...Object.values(REARM_SQL).map((sql) => ({ sql, params: [json] })),
  ];
}

const reportAgainst = (base: number) => (name: string, samples: Sample[]) => {
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const rows = samples.map((s) => s.rowsRead).sort((a, b) => a - b);
  const changed = samples.map((s) => s.changed).sort((a, b) => a - b);
  const read = percentile(rows, 50);
  console.log(
    `  ${name.padEnd(34)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  ` +
      `rows read ${read} (alert rows ${Math.max(0, read - base)})  alerts changed ${percentile(changed, 50)}`,
  );
};
let report = reportAgainst(0);

async function main(): Promise<void> {
  const mf = new Miniflare({
    workers: [
      {
        config: {
          name: "bench",
          compatibilityDate: "2026-10-20",
          manifest: { mainModule: "index.js", modules: { "index.js": { type: "esm", contents: TIMING_WORKER } } },
          env: { DB: { type: "d1", id: "bench" } },
        },
      },
    ],
  });
  try {
    const d1 = await mf.getD1Database("DB");
    // The migrations as the worker tests apply them (the test plugin's reader splits the statements).
    const migrations = await readD1Migrations(join(projectRoot, "schema/migrations"));
    for (const query of migrations.flatMap((m) => m.queries)) await d1.prepare(query).run();
    const run = async (ticks: ReturnType<typeof tickBatch>[]) => {
      const res = await mf.dispatchFetch("http://bench/", { method: "POST", body: JSON.stringify({ ticks, runs: RUNS }) });
      return (await res.json()) as Sample[];
    };
    const at = new Date().toISOString();
    // What a tick reads with no alert at all: the coins of its JSON parameter, once per statement.
    const [empty] = await run([tickBatch(PRICE, at)]);
    const base = empty?.rowsRead ?? 0;

    // 10,000 members' "price rises above" alerts on one coin, spread from -50 % to +50 % of its price;
    // each armed exactly when its threshold is above the price (as creating it would leave it).
    const users = Array.from({ length: ALERTS }, (_, i) => ({ id: `u-${i}`, email: `u-${i}@bench.test`, t: PRICE * (0.5 + i / ALERTS) }));
    const load = JSON.stringify(users);
    await d1.batch([
      d1
        .prepare(
          `INSERT INTO users (id, email, identity_issuer, identity_subject)
           SELECT j.value ->> '$.id', j.value ->> '$.email', 'offline', j.value ->> '$.email' FROM json_each(?1) AS j`,
        )
        .bind(load),
      d1
        .prepare(
          `INSERT INTO alerts (user_id, coin_id, symbol, coin_name, kind, threshold, armed)
           SELECT j.value ->> '$.id', 'bitcoin', 'BTC', 'Bitcoin', 'price_above', j.value ->> '$.t', (j.value ->> '$.t') > ?2
           FROM json_each(?1) AS j`,
        )
        .bind(load, PRICE),
    ]);
    const count = await d1.prepare("SELECT count(*) AS n, sum(armed) AS armed FROM alerts").first<{ n: number; armed: number }>();
    console.log(`alerts tick: ${count?.n} alerts on one coin (${count?.armed} armed), ticks of ${COINS} coins, ${RUNS} runs each`);
    console.log(`  rows read count the tick's ${COINS} coins once per statement (${base} with no alert at all); "alert rows" is the rest`);
    report = reportAgainst(base);
    report("quiet tick (nothing crosses)", await run([tickBatch(PRICE, at)]));
    // Up 1 % (fires the ~1 % of alerts in between), then back down 1 % (re-arms them), repeated.
    const pair = await run([tickBatch(PRICE * 1.01, at), tickBatch(PRICE * 0.99, at)]);
    report(
      "tick up 1 % (fires)",
      pair.filter((_, i) => i % 2 === 0),
    );
    report(
      "tick back down 1 % (re-arms)",
      pair.filter((_, i) => i % 2 === 1),
    );
    const everyAlert = [{ sql: "SELECT id, threshold FROM alerts WHERE coin_id = 'bitcoin' AND paused = 0", params: [] }];
    reportAgainst(0)("for scale: read every alert of it", await run([everyAlert as never]));
  } finally {
    await mf.dispose();
  }
}

await main();
