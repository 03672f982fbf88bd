/**
 * `npm run bench`: production-like serving (Miniflare, not `wrangler dev`), load from a second
 * process, figures printed, nothing asserted. Targets and results: docs/performance.md (Bench).
 *   BENCH_SECONDS=10 npm run bench
 *   BENCH_BUILD=0 BENCH_SEARCH=0 npm run bench   (the same build again, HTTP only)
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { BENCH_NOOP_PATH } from "#worker/bench-noop.ts";
import { askTarget, BENCH_SESSION_SECRET } from "./ask.ts";
import { homePageJs } from "./bundle-size.ts";
import { pinning, pinServerToCore0 } from "./cores.ts";
import { FIXED_RATE, fixedRateTest, type LoadResult, loadTest } from "./load.ts";
import { benchSearch } from "./search.ts";
import { buildAll, startBenchServer } from "./serve.ts";

const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

type Row = { name: string; path: string; kind: "static" | "noop" | "hot" | "search" | "ask" | "read" };
type Measured = Row & { sat: LoadResult; fixed: LoadResult };

async function httpBench(): Promise<void> {
  pinServerToCore0();
  const server = await startBenchServer({ SESSION_SECRET: BENCH_SESSION_SECRET });
  try {
    // First read publishes the first price snapshot; it is not part of the measurement.
    const warm = await fetch(new URL("/api/cryptos?limit=10", server.url));
    if (!warm.ok) throw new Error(`warm-up failed: ${warm.status}`);
    const noop = await fetch(new URL(BENCH_NOOP_PATH, server.url));
    if (!noop.ok) throw new Error(`the bench build has no no-op route: ${noop.status}`);

    const assets = readdirSync(join(import.meta.dirname, "../../dist/client/assets")).filter((f) => f.endsWith(".css"));
    const rows: Row[] = [
      { name: "static asset", path: `/assets/${assets[0]}`, kind: "static" },
      { name: "no-op JSON (bench build only)", path: BENCH_NOOP_PATH, kind: "noop" },
      { name: "GET /api/cryptos?limit=10", path: "/api/cryptos?limit=10", kind: "hot" },
      { name: "GET /api/cryptos?page=1&limit=100&fromDb=true", path: "/api/cryptos?page=1&limit=100&fromDb=true", kind: "hot" },
      { name: "GET /api/guides", path: "/api/guides", kind: "hot" },
      { name: "GET /api/search?q=wallet", path: "/api/search?q=wallet", kind: "search" },
      { name: "GET /api/cryptos/btc/history?range=1y", path: "/api/cryptos/btc/history?range=1y", kind: "hot" },
      // The home page's HTML as a guest gets it: rendered by the Worker, with its answers and sheets,
      // then kept in the colo's cache for seconds; a query skips that cache, so the second row renders each time.
      { name: "GET / (a guest's page, colo cache)", path: "/", kind: "read" },
      { name: "GET /?ref=bench (rendered every time)", path: "/?ref=bench", kind: "read" },
    ];
    for (const r of rows) await fetch(new URL(r.path, server.url)).then((res) => res.arrayBuffer());
    const ask = await askTarget(server);

    const results: Measured[] = [];
    for (const r of rows) {
      const url = new URL(r.path, server.url).href;
      results.push({ ...r, sat: await loadTest(url), fixed: await fixedRateTest(url) });
    }
    results.push({
      name: "POST /api/ask-coinsight (cached answer)",
      path: "/api/ask-coinsight",
      kind: "ask",
      sat: await loadTest(ask.url, ask.options),
      fixed: await fixedRateTest(ask.url, ask.options),
    });
    report(results);
  } finally {
    await server.dispose();
  }
}

const pct = (n: number) => `${(n * 100).toFixed(0)}%`;

function report(results: Measured[]): void {
  const by = (kind: Row["kind"]) => results.find((r) => r.kind === kind);
  const stat = by("static");
  const noop = by("noop");
  const cryptos = results.find((r) => r.path === "/api/cryptos?limit=10");
  if (!stat || !noop || !cryptos) throw new Error("the bench lost a reference route");
  console.log(`\nHTTP: saturation (autocannon, 32 connections) and a fixed ${FIXED_RATE} req/s (hey -q), each in a second process;`);
  console.log("Miniflare serving the built Worker (worker/bench-entry.ts: production plus the no-op route)");
  console.log(pinning ? "server on core 0, load generators on core 1 (taskset)" : "server and load generators share the cores");
  console.log(
    `${"route".padEnd(48)}${"req/s".padStart(9)}${"vs no-op".padStart(10)}${"vs static".padStart(11)}` +
      `${"sat p99".padStart(9)}${"@rate p50".padStart(11)}${"@rate p99".padStart(11)}${"p99/no-op".padStart(11)}${"errors".padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(48)}${fmt(r.sat.rps, 0)}${pct(r.sat.rps / noop.sat.rps).padStart(10)}${pct(r.sat.rps / stat.sat.rps).padStart(11)}` +
        `${fmt(r.sat.p99)}${fmt(r.fixed.p50).padStart(11)}${fmt(r.fixed.p99).padStart(11)}` +
        `${`${(r.fixed.p99 / noop.fixed.p99).toFixed(2)}x`.padStart(11)}${String(r.sat.non2xx + r.sat.errors + r.fixed.non2xx).padStart(8)}`,
    );
  }
  // Reported, not asserted: a shared 2-core machine is not a stable instrument.
  const checks: [string, boolean][] = [];
  for (const r of results.filter((x) => x.kind === "hot"))
    checks.push([`${r.name}: >= 50% of the no-op's throughput`, r.sat.rps >= 0.5 * noop.sat.rps]);
  for (const r of results.filter((x) => x.kind === "hot" || x.kind === "search")) {
    const limit = r.kind === "search" ? 2 : 1.5;
    checks.push([`${r.name}: p99 at ${FIXED_RATE} req/s <= ${limit}x the no-op's`, r.fixed.p99 <= limit * noop.fixed.p99]);
  }
  const search = by("search");
  if (search) checks.push([`${search.name}: >= 50% of the static asset's throughput`, search.sat.rps >= 0.5 * stat.sat.rps]);
  const ask = by("ask");
  if (ask) checks.push([`${ask.name}: >= 50% of /api/cryptos?limit=10's throughput`, ask.sat.rps >= 0.5 * cryptos.sat.rps]);
  console.log("\ntargets (reported, not asserted):");
  for (const [text, ok] of checks) console.log(`  ${ok ? "met    " : "MISSED "} ${text}`);
}

function bundleBench(): void {
  const { files, gzipBytes } = homePageJs();
  console.log(`\nHome page JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzipped in ${files.length} files (target <= 150 KB)`);
}

// BENCH_BUILD=0 measures the last build again (repeated runs for a median).
if (process.env.BENCH_BUILD !== "0") buildAll();
bundleBench();
await httpBench();
// Set BENCH_SEARCH=0 to skip the 10,000-article search comparison (about a minute).
if (process.env.BENCH_SEARCH !== "0") await benchSearch();
