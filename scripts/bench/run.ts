/**
 * `npm run bench`: what a request costs, served production-like (Miniflare, not `wrangler dev`), with
 * load from another process; figures printed, nothing asserted. Targets and results:
 * docs/performance.md (Bench).
 *   npm run bench                                  build, bundle size, CPU table, p99 (information), search
 *   BENCH_BUILD=0 BENCH_P99=0 BENCH_SEARCH=0 npm run bench   the CPU table of the last build only
 *   BENCH_AMOUNT=3000 BENCH_CONNECTIONS=8 BENCH_SAMPLES=100  requests per route, connections, one-at-a-time samples
 *   BENCH_ROUNDS=3 BENCH_WINDOW=5                  fixed-rate rounds and window seconds (p99 section)
 *   BENCH_PIN=0                                    server and load generators share the cores
 *   BENCH_KINDS=miss,render                        only these kinds of route (and the no-op), e.g. to compare renders
 *   BENCH_ROUTES=/markets                          only routes whose name contains one of these (and the no-op)
 */
import { readdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { BENCH_MISS_HEADER, BENCH_NOOP_PATH } from "#worker/bench-noop.ts";
import { askFreeTarget, askTarget, BENCH_SESSION_SECRET, benchAdminCookie } from "./ask.ts";
import { homePageJs } from "./bundle-size.ts";
import { pinning, pinServerToCore0 } from "./cores.ts";
import { type Cost, type CostTarget, type MeterTotals, measureCost, meter } from "./cost.ts";
import { canMeasureCpu } from "./cpu.ts";
import { isolateRender } from "./isolate.ts";
import { FIXED_RATE, fixedRateWindow, type LoadOptions } from "./load.ts";
import { benchSearch } from "./search.ts";
import { type BenchServer, buildAll, startBenchServer } from "./serve.ts";
import { pool, type RoundPair, ratioInterval, roundPlan, type Window } from "./stats.ts";
import { serverCpuTimes, stolenShare } from "./steal.ts";

const AMOUNT = Number(process.env.BENCH_AMOUNT ?? 3000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
/** Requests per route sent again with the bench build's meter on, for D1 rows and KV operations. */
const METERED = Number(process.env.BENCH_METERED ?? 300);
/** Today's site: about a thousand articles (the scale run has a hundred times more). */
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1000);
/** Only these kinds of route (comma-separated KINDS keys, e.g. `noop,miss,render`); every route by default. */
const ONLY_KINDS = process.env.BENCH_KINDS?.split(",").map((k) => k.trim());
/** Only routes whose name contains one of these (comma-separated), e.g. `/markets` for an A/B of one page. */
const ONLY_ROUTES = process.env.BENCH_ROUTES?.split(",").map((k) => k.trim());
const FIXED_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The Workers Free plan's CPU limit per invocation: what a first render's own work must stay within. */
const FIRST_RENDER_LIMIT_US = 10_000;
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW ?? 5);

/**
 * What each kind of route may cost, as a multiple of the no-op's CPU in the same run, and
 * whether it must read no D1 row in the steady state.
 */
const KINDS = {
  noop: { label: "yardstick", limit: 1, zeroRows: true },
  static: { label: "static asset (the Worker does not run)", limit: undefined, zeroRows: true },
  hot: { label: "hot API read", limit: 1.5, zeroRows: true },
  slow: { label: "search and history", limit: 2, zeroRows: true },
  cached: { label: "guest page from the cache", limit: 2, zeroRows: true },
  miss: { label: "guest page on a colo miss (the copy kept in KV)", limit: 6, zeroRows: true },
  render: {
    label: "the first render anywhere, whole process (information; its own CPU is checked below)",
    limit: undefined,
    zeroRows: false,
  },
  notFound: { label: "unknown page (404)", limit: 2, zeroRows: true },
  ask: { label: "Ask, cached answer (information)", limit: undefined, zeroRows: false },
} as const;
type Kind = keyof typeof KINDS;

type Route = CostTarget & { kind: Kind };

const newest = `bench-${ARTICLES - 1}`;
const made = (prefix: string) => Array.from({ length: AMOUNT }, (_, i) => `${prefix}${(i * 7919 + 13).toString(36)}x${i}`);
const TRACKING = "?utm_source=newsletter&utm_medium=email&utm_campaign=daily&fbclid=IwAR0bench&gclid=Cj0bench&mc_cid=1&ref=hn";
/** A colo miss: the copy kept in KV is read. */
const MISS = { [BENCH_MISS_HEADER]: "page" };
/** No copy anywhere: the page is rendered, as by its first reader anywhere (or ahead of readers). */
const RENDER = { [BENCH_MISS_HEADER]: "render" };

function routes(css: string): Route[] {
  const r = (kind: Kind, name: string, path: string, extra: Partial<Route> = {}): Route => ({ kind, name, paths: [path], ...extra });
  return [
    r("noop", "no-op JSON (bench build only)", BENCH_NOOP_PATH),
    r("static", "static asset", `/assets/${css}`),
    r("hot", "GET /api/cryptos?limit=10", "/api/cryptos?limit=10"),
    r("hot", "GET /api/cryptos?page=1&limit=100&fromDb=true", "/api/cryptos?page=1&limit=100&fromDb=true"),
    r("hot", "GET /api/cryptos/btc", "/api/cryptos/btc"),
    r("hot", "GET /api/market/global", "/api/market/global"),
    r("hot", "GET /api/guides", "/api/guides"),
    r("hot", "GET /api/categories", "/api/categories"),
    r("hot", "GET /api/articles/trending?limit=12", "/api/articles/trending?limit=12"),
    r("hot", `GET /api/articles/${newest}`, `/api/articles/${newest}`),
    r("slow", "GET /api/search?q=wallet", "/api/search?q=wallet"),
    r("slow", "GET /api/cryptos/btc/history?range=1y", "/api/cryptos/btc/history?range=1y"),
    r("cached", "GET / (cached)", "/"),
    r("cached", "GET /?utm_*&fbclid&gclid&mc_cid&ref (cached)", `/${TRACKING}`),
    r("cached", "GET /markets (cached)", "/markets"),
    r("cached", "GET /coin/btc (cached)", "/coin/btc"),
    r("cached", `GET /article/${newest} (cached)`, `/article/${newest}`),
    r("cached", "GET /crypto-101 (cached)", "/crypto-101"),
    r("cached", "GET /categories/daily-roundup (cached)", "/categories/daily-roundup"),
    r("miss", "GET / (colo miss)", "/", { headers: MISS }),
    r("miss", "GET /markets (colo miss)", "/markets", { headers: MISS }),
    r("miss", "GET /coin/btc (colo miss)", "/coin/btc", { headers: MISS }),
    r("miss", `GET /article/${newest} (colo miss)`, `/article/${newest}`, { headers: MISS }),
    r("miss", "GET /crypto-101 (colo miss)", "/crypto-101", { headers: MISS }),
    r("render", "GET / (first render)", "/", { headers: RENDER }),
    r("render", "GET /markets (first render)", "/markets", { headers: RENDER }),
    r("render", "GET /markets?rows=250 (the shell: left to the browser)", "/markets?rows=250", { headers: RENDER }),
    r("render", "GET /coin/btc (first render)", "/coin/btc", { headers: RENDER }),
    r("render", `GET /article/${newest} (first render)`, `/article/${newest}`, { headers: RENDER }),
    r("render", "GET /crypto-101 (first render)", "/crypto-101", { headers: RENDER }),
    // The whole category's list (up to 500 summaries) is in its hydration answer: the heaviest page after the Top 500.
    r("render", "GET /categories/daily-roundup (first render)", "/categories/daily-roundup", { headers: RENDER }),
    r("notFound", "GET /article/<random slug>", "", { paths: made("/article/no-such-"), samplePaths: made("/article/not-this-") }),
    r("notFound", "GET /coin/<random symbol>", "", { paths: made("/coin/zz"), samplePaths: made("/coin/qq") }),
    r("notFound", "GET /categories/<random slug>", "", { paths: made("/categories/no-such-"), samplePaths: made("/categories/nor-") }),
  ];
}

const us = (n: number) => (Number.isFinite(n) ? `${Math.round(n).toLocaleString("en")} µs` : "-");
const rows = (n: number) => (n === 0 ? "0" : n < 0.01 ? n.toExponential(1) : n.toFixed(2));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

async function costBench(server: BenchServer): Promise<void> {
  if (!canMeasureCpu()) throw new Error("CPU per request needs Linux's /proc (schedstat)");
  const css = readdirSync(join(import.meta.dirname, "../../dist/client/assets")).find((f) => f.endsWith(".css"));
  const targets: Route[] = [
    ...routes(css ?? "missing.css"),
    { kind: "ask", name: "POST /api/ask-coinsight (cached answer)", paths: [] } satisfies Route,
    { kind: "ask", name: "POST /api/ask-coinsight/answer (cached free-text answer)", paths: [] } satisfies Route,
  ]
    .filter((t) => !ONLY_KINDS || t.kind === "noop" || ONLY_KINDS.includes(t.kind))
    .filter((t) => !ONLY_ROUTES || t.kind === "noop" || ONLY_ROUTES.some((part) => t.name.includes(part)));
  const cookie = await benchAdminCookie(server);
  for (const askRoute of targets.filter((t) => t.kind === "ask")) {
    const signedIn = askRoute.name.includes("free-text") ? await askFreeTarget(server, cookie) : await askTarget(server, cookie);
    Object.assign(askRoute, {
      paths: [new URL(signedIn.url).pathname],
      method: signedIn.options.method,
      body: signedIn.options.body,
      headers: signedIn.options.headers,
    });
  }

  console.log(
    `\nCPU per request: workerd's user+sys time (/proc/<pid>/stat) over ${AMOUNT} requests at ${CONNECTIONS} connections per route, ` +
      `divided by the count; "max" is the most CPU one request took alone (${SAMPLES} sent one at a time, schedstat); ` +
      `D1 rows and KV operations per request from ${METERED} more, metered.`,
  );
  console.log(
    `Miniflare serving the bench build (worker/bench-entry.ts), ${ARTICLES} generated articles; ${pinning ? "server on core 0, load on core 1" : "cores shared"}`,
  );
  console.log(`load average at the start: ${load()}`);
  const stealBefore = serverCpuTimes();
  const feedBefore = await meter(server);
  const results: (Route & { cost: Cost })[] = [];
  for (const t of targets) {
    // Warm: the first requests make what the steady state reuses (answers, cache entries, the slug filter).
    for (const path of (t.paths.length ? t.paths : ["/"]).slice(0, 3)) {
      await fetch(new URL(path, server.url), {
        method: t.method ?? "GET",
        headers: t.headers ?? {},
        ...(t.body ? { body: t.body } : {}),
      }).then((res) => res.arrayBuffer());
    }
    const cost = await measureCost(server, t, { amount: AMOUNT, connections: CONNECTIONS, samples: SAMPLES, metered: METERED });
    results.push({ ...t, cost });
    process.stdout.write(`  ${t.name}: ${us(cost.cpuUs)}\n`);
  }
  const stolen = stolenShare(stealBefore, serverCpuTimes());
  const feedAfter = await meter(server);
  const noop = results.find((r) => r.kind === "noop")?.cost.cpuUs ?? Number.NaN;

  console.log(
    `\n${"route".padEnd(54)}${"CPU/req".padStart(10)}${"× no-op".padStart(9)}${"target".padStart(8)}${"max".padStart(11)}${"D1 rows".padStart(9)}${"writes".padStart(8)}${"KV r/w".padStart(12)}  answers`,
  );
  const checks: string[] = [];
  for (const r of results) {
    const k = KINDS[r.kind];
    const ratio = r.cost.cpuUs / noop;
    const writes = r.cost.rowsWritten + r.cost.kvWrites;
    console.log(
      `${r.name.padEnd(54)}${us(r.cost.cpuUs).padStart(10)}${`${ratio.toFixed(2)}x`.padStart(9)}${(k.limit && r.kind !== "noop" ? `${k.limit}x` : "-").padStart(8)}` +
        `${us(r.cost.maxUs).padStart(11)}${(r.cost.d1Metered ? rows(r.cost.rowsRead) : "n/a").padStart(9)}${rows(r.cost.rowsWritten).padStart(8)}` +
        `${`${rows(r.cost.kvReads)}/${rows(r.cost.kvWrites)}`.padStart(12)}  ${Object.entries(r.cost.statuses)
          .map(([s, n]) => `${s} ${n}`)
          .join(", ")}`,
    );
    if (k.limit && r.kind !== "noop") {
      // Two runs of one build agree within about 10 %: closer than that to the limit, a run cannot tell.
      const close = Math.abs(ratio / k.limit - 1) < 0.1;
      checks.push(
        `${ratio <= k.limit ? "met     " : "MISSED  "} ${r.name}: ${ratio.toFixed(2)}x <= ${k.limit}x${close ? " (within 10 % of the limit: run again to decide)" : ""}`,
      );
    }
    if (k.zeroRows && r.cost.d1Metered && r.kind !== "static") {
      checks.push(
        `${r.cost.rowsRead === 0 ? "met     " : "MISSED  "} ${r.name}: ${rows(r.cost.rowsRead)} D1 rows read per request (target 0)`,
      );
    }
    if (r.kind === "notFound")
      checks.push(`${writes === 0 ? "met     " : "MISSED  "} ${r.name}: ${rows(writes)} writes per request (target 0)`);
  }
  const renders = results.filter((r) => r.kind === "render");
  if (renders.length) {
    console.log(
      "\nA first render's own CPU in the Worker's isolate (scripts/bench/isolate.ts: renders repeated inside the isolate, " +
        "without the simulators, HTTP server and entry worker the table's figures include), one at a time:",
    );
  }
  for (const r of renders) {
    const own = await isolateRender(server, r.paths[0] as string);
    console.log(
      `${r.name.padEnd(54)}${us(own.us).padStart(10)}  (rounds ${us(own.lowUs)}-${us(own.highUs)}; the whole process ${us(own.wholeUs)} in the same rounds)`,
    );
    const close = Math.abs(own.us / FIRST_RENDER_LIMIT_US - 1) < 0.1;
    checks.push(
      `${own.us <= FIRST_RENDER_LIMIT_US ? "met     " : "MISSED  "} ${r.name}: ${us(own.us)} of the isolate's CPU <= ${us(FIRST_RENDER_LIMIT_US)}${close ? " (within 10 % of the limit: run again to decide)" : ""}`,
    );
  }
  const cryptos = results.find((r) => r.paths[0] === "/api/cryptos?limit=10");
  for (const ask of results.filter((r) => r.kind === "ask")) {
    if (!cryptos) break;
    console.log(
      `\n${ask.name} costs ${(ask.cost.cpuUs / cryptos.cost.cpuUs).toFixed(2)}x /api/cryptos?limit=10 (the target: at most 2x its CPU)`,
    );
  }
  const ticks = feedAfter.feedTicks - feedBefore.feedTicks;
  if (ticks > 0) {
    const per = (k: keyof MeterTotals["feed"]) => ((feedAfter.feed[k] - feedBefore.feed[k]) / ticks).toFixed(0);
    console.log(
      `the price feed ticked ${ticks} times meanwhile (every 30 s, whoever reads): per tick ${per("rowsRead")} D1 rows read, ` +
        `${per("rowsWritten")} written in ${per("queries")} queries, ${per("kvReads")} KV reads, ${per("kvWrites")} KV writes`,
    );
  }
  console.log(
    `load average at the end: ${load()}; the host took ${stolen === undefined ? "-" : `${(stolen * 100).toFixed(0)} %`} of the server's core meanwhile (steal, not counted as workerd's CPU)`,
  );
  console.log("\ntargets (reported, not asserted):");
  for (const line of checks) console.log(`  ${line}`);
}

/**
 * Information only: on this VM the tail belongs to the host, so no p99 target is judged.
 * Each route's fixed-rate windows lie between no-op windows, pooled over rounds
 * (docs/decisions/performance/paired-fixed-rate-windows.md).
 */
async function p99Bench(server: BenchServer): Promise<void> {
  const paths = [
    "/api/cryptos?limit=10",
    "/api/cryptos?page=1&limit=100&fromDb=true",
    "/api/guides",
    "/api/search?q=wallet",
    "/api/cryptos/btc/history?range=1y",
  ];
  const targets: { name: string; url: string; options?: LoadOptions }[] = [
    { name: "no-op (against itself)", url: new URL(BENCH_NOOP_PATH, server.url).href },
    ...paths.map((p) => ({ name: p, url: new URL(p, server.url).href })),
  ];
  const rounds: RoundPair[][] = targets.map(() => []);
  const { order, beside } = roundPlan(targets.length);
  for (let n = 0; n < FIXED_ROUNDS; n++) {
    const taken: Window[] = [];
    for (const step of order) {
      await new Promise((r) => setTimeout(r, 1000));
      taken.push(await fixedRateWindow(step === "noop" ? (targets[0]?.url as string) : (targets[step]?.url as string), WINDOW_SECONDS));
    }
    for (const [i, [before, after]] of beside.entries()) {
      rounds[i]?.push({ route: taken[before + 1] as Window, beside: [taken[before] as Window, taken[after] as Window] });
    }
  }
  console.log(
    `\np99 at a fixed ${FIXED_RATE} req/s (information only, no target: the host's steal decides the tail here), ${FIXED_ROUNDS} rounds of ${WINDOW_SECONDS} s windows`,
  );
  console.log(
    `${"route".padEnd(48)}${"p50".padStart(9)}${"p99".padStart(9)}${"no-op p99".padStart(11)}${"ratio".padStart(8)}${"5-95%".padStart(14)}${"stolen".padStart(8)}`,
  );
  for (const [i, t] of targets.entries()) {
    const r = pool((rounds[i] ?? []).map((x) => x.route));
    const n = pool((rounds[i] ?? []).flatMap((x) => x.beside));
    const [lo, hi] = ratioInterval(rounds[i] ?? []);
    console.log(
      `${t.name.padEnd(48)}${`${r.p50.toFixed(1)} ms`.padStart(9)}${`${r.p99.toFixed(1)} ms`.padStart(9)}${`${n.p99.toFixed(1)} ms`.padStart(11)}` +
        `${`${(r.p99 / n.p99).toFixed(2)}x`.padStart(8)}${`${lo.toFixed(2)}-${hi.toFixed(2)}x`.padStart(14)}${(r.stolen === undefined ? "-" : `${(r.stolen * 100).toFixed(0)}%`).padStart(8)}`,
    );
  }
}

function bundleBench(): void {
  const { files, gzipBytes } = homePageJs();
  console.log(`\nHome page JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzipped in ${files.length} files (target <= 150 KB)`);
}

if (process.env.BENCH_BUILD !== "0") buildAll();
bundleBench();
pinServerToCore0();
const server = await startBenchServer({ SESSION_SECRET: BENCH_SESSION_SECRET }, { articles: ARTICLES });
try {
  // The first read publishes the first price snapshot; it is not part of the measurement.
  const warm = await fetch(new URL("/api/cryptos?limit=10", server.url));
  if (!warm.ok) throw new Error(`warm-up failed: ${warm.status}`);
  await costBench(server);
  if (process.env.BENCH_P99 !== "0") await p99Bench(server);
} finally {
  await server.dispose();
}
// Set BENCH_SEARCH=0 to skip the 10,000-article search comparison (about a minute).
if (process.env.BENCH_SEARCH !== "0") await benchSearch();
