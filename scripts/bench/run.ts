/**
 * `npm run bench`: production-like serving (Miniflare, not `wrangler dev`), load from a second
 * process, figures printed, nothing asserted. Targets and results: docs/performance.md (Bench).
 *   BENCH_SECONDS=10 npm run bench
 *   BENCH_BUILD=0 BENCH_SEARCH=0 npm run bench   (the same build again, HTTP only)
 *   BENCH_ROUNDS=1 npm run bench                  (one fixed-rate round instead of three)
 *   BENCH_PIN=0 npm run bench                     (server and load generators share the cores)
 *   BENCH_PROBE=1 npm run bench                   (the no-op alongside every fixed-rate window)
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { BENCH_NOOP_PATH } from "#worker/bench-noop.ts";
import { askTarget, BENCH_SESSION_SECRET } from "./ask.ts";
import { homePageJs } from "./bundle-size.ts";
import { pinning, pinServerToCore0 } from "./cores.ts";
import { FIXED_RATE, type FixedRateResult, fixedRateTest, type LoadOptions, type LoadResult, loadTest, PROBE_RATE } from "./load.ts";
import { benchSearch } from "./search.ts";
import { buildAll, startBenchServer } from "./serve.ts";

/** Rounds of the fixed-rate measurement, and the pause before each. */
const FIXED_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SETTLE_MS = 2000;
/**
 * BENCH_PROBE=1: the no-op also rides along at PROBE_RATE in every fixed-rate window. A diagnostic,
 * not the target's measure: it shows whether a tail is the machine's (the probe has it too), but a
 * route that holds the isolate delays the probe as well, so a slow route can look as good as the no-op.
 */
const PROBE = process.env.BENCH_PROBE === "1";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;

type Fixed = LoadResult & { noopRatio: number; probeRatio: number };

/**
 * The round with the median p99 (its p50 and rate with it); the median over rounds of the p99 against
 * the no-op's in the same round (minutes apart at most, rather than the whole run apart), and against
 * the probe of the same window (BENCH_PROBE).
 */
function medianRound(rounds: FixedRateResult[], noop: FixedRateResult[]): Fixed {
  const sorted = [...rounds].sort((a, b) => a.p99 - b.p99);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!middle) throw new Error("no fixed-rate round was measured");
  const noopRatio = median(rounds.map((r, k) => r.p99 / (noop[k]?.p99 ?? Number.NaN)));
  const probeRatio = median(rounds.map((r) => r.p99 / r.probeP99));
  return { ...middle, non2xx: rounds.reduce((n, r) => n + r.non2xx, 0), noopRatio, probeRatio };
}

const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

type Row = { name: string; path: string; kind: "static" | "noop" | "hot" | "search" | "ask" | "read" };
type Measured = Row & { sat: LoadResult; fixed: Fixed };

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

    const targets: (Row & { url: string; options?: LoadOptions })[] = [
      ...rows.map((r) => ({ ...r, url: new URL(r.path, server.url).href })),
      { name: "POST /api/ask-coinsight (cached answer)", path: "/api/ask-coinsight", kind: "ask", ...ask },
    ];
    const sat: LoadResult[] = [];
    for (const t of targets) sat.push(await loadTest(t.url, t.options));
    // The fixed rate after every saturation run, in rounds: a pause lets the runtimes collect what the
    // last run left, and each route's p99 is its median round, so one collector pause in one window
    // (a 100 ms stall is 1% of a 10 s window at 200 req/s) does not decide a ratio.
    const probe = PROBE ? new URL(BENCH_NOOP_PATH, server.url).href : undefined;
    const rounds: FixedRateResult[][] = targets.map(() => []);
    for (let round = 0; round < FIXED_ROUNDS; round++) {
      for (const [i, t] of targets.entries()) {
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        rounds[i]?.push(await fixedRateTest(t.url, t.options, probe));
      }
    }
    const noopRounds = rounds[targets.findIndex((t) => t.kind === "noop")] ?? [];
    const results: Measured[] = targets.map((t, i) => ({
      ...t,
      sat: sat[i] as LoadResult,
      fixed: medianRound(rounds[i] ?? [], noopRounds),
    }));
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
  console.log(
    `\nHTTP: saturation (autocannon, 32 connections) and a fixed ${FIXED_RATE} req/s (four staggered hey -c 1 streams${PROBE ? `, plus the no-op at ${PROBE_RATE} req/s in the same window` : ""}), from other processes;`,
  );
  console.log("Miniflare serving the built Worker (worker/bench-entry.ts: production plus the no-op route)");
  console.log(pinning ? "server on core 0, load generators on core 1 (taskset)" : "server and load generators share the cores");
  console.log(
    `${"route".padEnd(48)}${"req/s".padStart(9)}${"vs no-op".padStart(10)}${"vs static".padStart(11)}` +
      `${"sat p99".padStart(9)}${"@rate".padStart(7)}${"@rate p50".padStart(11)}${"@rate p99".padStart(11)}${"p99/no-op".padStart(11)}${PROBE ? "/alongside".padStart(12) : ""}${"errors".padStart(8)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(48)}${fmt(r.sat.rps, 0)}${pct(r.sat.rps / noop.sat.rps).padStart(10)}${pct(r.sat.rps / stat.sat.rps).padStart(11)}` +
        `${fmt(r.sat.p99)}${r.fixed.rps.toFixed(0).padStart(7)}${fmt(r.fixed.p50).padStart(11)}${fmt(r.fixed.p99).padStart(11)}` +
        `${`${r.fixed.noopRatio.toFixed(2)}x`.padStart(11)}${PROBE ? `${r.fixed.probeRatio.toFixed(2)}x`.padStart(12) : ""}` +
        `${String(r.sat.non2xx + r.sat.errors + r.fixed.non2xx).padStart(8)}`,
    );
  }
  // Reported, not asserted: a shared 2-core machine is not a stable instrument.
  const checks: [string, boolean][] = [];
  for (const r of results.filter((x) => x.kind === "hot"))
    checks.push([`${r.name}: >= 50% of the no-op's throughput`, r.sat.rps >= 0.5 * noop.sat.rps]);
  for (const r of results.filter((x) => x.kind === "hot" || x.kind === "search")) {
    const limit = r.kind === "search" ? 2 : 1.5;
    checks.push([
      `${r.name}: p99 at ${FIXED_RATE} req/s <= ${limit}x the no-op's (same round, median of rounds)`,
      r.fixed.noopRatio <= limit,
    ]);
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
