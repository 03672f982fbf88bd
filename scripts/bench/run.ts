/**
 * `npm run bench`: production-like serving (Miniflare, not `wrangler dev`), load from a second
 * process, figures printed, nothing asserted. Targets are in docs/operations.md (Benchmarks).
 *   BENCH_SECONDS=10 npm run bench
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { askTarget, BENCH_SESSION_SECRET } from "./ask.ts";
import { homePageJs } from "./bundle-size.ts";
import { loadTest } from "./load.ts";
import { benchSearch } from "./search.ts";
import { buildAll, startBenchServer } from "./serve.ts";

const fmt = (n: number, d = 1) => n.toFixed(d).padStart(9);

async function httpBench(): Promise<void> {
  const server = await startBenchServer({ SESSION_SECRET: BENCH_SESSION_SECRET });
  try {
    // First read publishes the first price snapshot; it is not part of the measurement.
    const warm = await fetch(new URL("/api/cryptos?limit=10", server.url));
    if (!warm.ok) throw new Error(`warm-up failed: ${warm.status}`);
    await fetch(new URL("/api/cryptos?page=1&limit=100&fromDb=true", server.url));
    await fetch(new URL("/api/guides", server.url));
    await fetch(new URL("/api/cryptos/btc/history?range=1y", server.url));

    const assets = readdirSync(join(import.meta.dirname, "../../dist/client/assets")).filter((f) => f.endsWith(".css"));
    const staticPath = `/assets/${assets[0]}`;
    const targets = [
      ["static asset", staticPath],
      ["GET /api/cryptos?limit=10", "/api/cryptos?limit=10"],
      ["GET /api/cryptos?page=1&limit=100&fromDb=true", "/api/cryptos?page=1&limit=100&fromDb=true"],
      // Hot content lists come from KV (versioned keys), not D1.
      ["GET /api/guides", "/api/guides"],
      ["GET /api/search?q=wallet", "/api/search?q=wallet"],
      // A year of daily points, from the colo's cache (D1 only on a miss).
      ["GET /api/cryptos/btc/history?range=1y", "/api/cryptos/btc/history?range=1y"],
    ] as const;
    const results: { name: string; rps: number; p50: number; p99: number; bad: number }[] = [];
    for (const [name, path] of targets) {
      const r = await loadTest(new URL(path, server.url).href);
      results.push({ name, rps: r.rps, p50: r.p50, p99: r.p99, bad: r.non2xx + r.errors });
    }
    const ask = await askTarget(server);
    const a = await loadTest(ask.url, ask.options);
    results.push({ name: "POST /api/ask-coinsight (cached answer)", rps: a.rps, p50: a.p50, p99: a.p99, bad: a.non2xx + a.errors });
    const base = results[0]?.rps ?? 1;
    console.log("\nHTTP (32 connections, autocannon in a second process, Miniflare serving the built worker)");
    console.log(
      `${"route".padEnd(48)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"vs static".padStart(11)}${"errors".padStart(8)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(48)}${fmt(r.rps, 0)}${fmt(r.p50)}${fmt(r.p99)}${`${((r.rps / base) * 100).toFixed(0)}%`.padStart(11)}${String(r.bad).padStart(8)}`,
      );
    }
    console.log("targets: /api/cryptos?limit=10 at >= 70% of the static asset's throughput, p99 < 25 ms;");
    console.log("         a cached Ask answer at >= 50% of /api/cryptos?limit=10's throughput");
  } finally {
    await server.dispose();
  }
}

function bundleBench(): void {
  const { files, gzipBytes } = homePageJs();
  console.log(`\nHome page JavaScript: ${(gzipBytes / 1024).toFixed(1)} KB gzipped in ${files.length} files (target <= 150 KB)`);
}

buildAll();
bundleBench();
await httpBench();
// Set BENCH_SEARCH=0 to skip the 10,000-article search comparison (about a minute).
if (process.env.BENCH_SEARCH !== "0") await benchSearch();
