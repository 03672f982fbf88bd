/**
 * `npm run bench:ab -- <a.js> <b.js> [path] [rounds] [count]`: two bundles of the bench's Worker
 * (copies of build/bench/bench-entry.js made before and after a change, kept under build/: workerd
 * refuses a bundle outside the project's tree), served side by side and sent
 * the same requests in alternating rounds. Each round's figure is the CPU its workerd process took
 * (every thread's `sum_exec_runtime`) divided by the count; the verdict is the median of the rounds'
 * B/A ratios. This machine's speed drifts by a third over minutes (a page measured 14 ms, then 21 ms,
 * a quarter of an hour apart, same build): two bench runs made one after the other cannot tell a
 * 10 % change from that drift, two processes measured in the same minutes can.
 *   mkdir -p build/a && cp build/bench/bench-entry.js build/a/     (before the change)
 *   BENCH_BUILD=1 npm run bench:ab -- build/a/bench-entry.js build/bench/bench-entry.js /markets
 * The bundles share the built site's assets (dist/client): compare Worker changes, or build both.
 *   AB_ISOLATE=1 npm run bench:ab -- a.js b.js /markets   each bundle's render in its isolate alone (isolate.ts)
 */
import { BENCH_MISS_HEADER, BENCH_REPEAT_HEADER } from "#worker/bench-noop.ts";
import { cpuNanos, workerdPids } from "./cpu.ts";
import { isolateRound } from "./isolate.ts";
import { type BenchServer, buildAll, startBenchServer } from "./serve.ts";
import { median } from "./stats.ts";

const [a, b, path = "/markets", roundsArg = "8", countArg = "100"] = process.argv.slice(2);
if (!a || !b) throw new Error("usage: npm run bench:ab -- <a.js> <b.js> [path] [rounds] [count]");
const rounds = Number(roundsArg);
const count = Number(countArg);
/** "render" (the default), "page" (a colo miss), or "none" (a hit). */
const miss = process.env.AB_MISS ?? "render";
const acceptEncoding = process.env.AB_ACCEPT_ENCODING ?? "gzip, deflate, br";
/** Each round's figure is a render's CPU in the isolate alone (isolate.ts), not a request's in the process. */
const isolate = process.env.AB_ISOLATE === "1";

async function serve(script: string): Promise<BenchServer & { pids: number[] }> {
  const before = new Set(workerdPids());
  const server = await startBenchServer({}, { articles: 1000, script });
  return { ...server, pids: workerdPids().filter((p) => !before.has(p)) };
}

if (process.env.BENCH_BUILD === "1") buildAll();
const serverA = await serve(a);
const serverB = await serve(b).catch(async (error: unknown) => {
  await serverA.dispose();
  throw error;
});
try {
  const headers: Record<string, string> = { accept: "text/html", "accept-encoding": acceptEncoding };
  if (miss !== "none") headers[BENCH_MISS_HEADER] = miss;
  if (process.env.AB_REPEAT) headers[BENCH_REPEAT_HEADER] = process.env.AB_REPEAT;
  const send = async (server: BenchServer) => {
    const res = await fetch(new URL(path, server.url), { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
  };
  const round = async (server: typeof serverA, r: number) => {
    if (isolate) return (await isolateRound(server, path, { count, flip: r % 2 === 1, pids: server.pids })).ownUs;
    const start = cpuNanos(server.pids);
    for (let i = 0; i < count; i++) await send(server);
    return (cpuNanos(server.pids) - start) / count / 1000;
  };
  for (const server of [serverA, serverB]) for (let i = 0; i < 30; i++) await send(server); // compile and fill caches
  const figures: [number, number][] = [];
  for (let r = 0; r < rounds; r++) {
    // A then B, then B then A: a drift within a pair of rounds falls on each side alike.
    const pair: [number, number] = [0, 0];
    if (r % 2 === 0) {
      pair[0] = await round(serverA, r);
      pair[1] = await round(serverB, r);
    } else {
      pair[1] = await round(serverB, r);
      pair[0] = await round(serverA, r);
    }
    figures.push(pair);
    console.log(`round ${r + 1}: A ${pair[0].toFixed(0)} µs, B ${pair[1].toFixed(0)} µs, B/A ${(pair[1] / pair[0]).toFixed(3)}`);
  }
  const ratios = figures.map(([x, y]) => y / x);
  console.log(
    `${path} (${isolate ? "the isolate's render" : miss}, ${count} × ${rounds} rounds each): A median ${median(figures.map((f) => f[0])).toFixed(0)} µs, ` +
      `B median ${median(figures.map((f) => f[1])).toFixed(0)} µs, B/A median ${median(ratios).toFixed(3)} ` +
      `(rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`,
  );
} finally {
  await serverA.dispose();
  await serverB.dispose();
}
