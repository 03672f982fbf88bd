/**
 * What a first render costs the Worker's own isolate, the figure the Free plan's 10 ms limit is
 * about. The bench's table counts workerd's whole process, and here that process also runs what at
 * the edge is not the Worker's CPU: KV's and the caches' simulators (the copy a render keeps), the
 * HTTP server and Miniflare's entry worker (the front line's stand-in). A request sent with
 * `x-bench-repeat: N` renders its page N more times first, inside the isolate, keeping no copy
 * anywhere (worker/bench-entry.ts): what those renders add is the isolate's work of a render alone.
 *
 * Rounds of `count` renders sent one at a time alternate between plain renders and renders with
 * EXTRA dry ones before each, so this machine's drift (a third over minutes) falls on both alike; the
 * figure is the median over rounds of (repeated − plain) / EXTRA, on workerd's main thread (where
 * every isolate's JavaScript runs; V8's helper threads are not a request's CPU). A batch is a second
 * or so of requests, and the price feed's tick (every 30 s: its reads, and `/` and `/markets`
 * rendered ahead) would add milliseconds to each of them: a batch starts a while after a tick began
 * and is made again when one began during it. The figure leaves out the isolate's side of the one
 * KV write the render makes (handing 50 KB to the binding) and of sending its answer, which a hit
 * from the isolate's memory pays too.
 */
import { BENCH_MISS_HEADER, BENCH_REPEAT_HEADER } from "#worker/bench-noop.ts";
import { meter } from "./cost.ts";
import { mainThreadNanos, workerdPids } from "./cpu.ts";
import type { BenchServer } from "./serve.ts";
import { median } from "./stats.ts";

/** Dry renders added to each request of a repeated round. */
const EXTRA = 2;
/** A tick's work (its reads, two pages rendered ahead and kept) is over this long after it began. */
const AFTER_TICK_MS = 4_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type IsolateRender = {
  /** The isolate's CPU of one render, in µs: the median over rounds, and the rounds' lowest and highest. */
  us: number;
  lowUs: number;
  highUs: number;
  /** The same rounds' whole-process CPU of one plain render request, in µs (median). */
  wholeUs: number;
};

/** One round: `count` plain renders, and `count` with EXTRA dry renders before each (in the order `flip` says). */
export async function isolateRound(server: BenchServer, path: string, { count = 25, flip = false, pids = workerdPids() } = {}) {
  const send = async (extra: number) => {
    const headers = {
      accept: "text/html",
      "accept-encoding": "gzip, deflate, br",
      [BENCH_MISS_HEADER]: "render",
      [BENCH_REPEAT_HEADER]: `${extra}`,
    };
    const res = await fetch(new URL(path, server.url), { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
  };
  const batch = async (extra: number): Promise<number> => {
    for (;;) {
      const before = await meter(server);
      if (before.sinceLastTickMs < AFTER_TICK_MS) {
        await pause(AFTER_TICK_MS - before.sinceLastTickMs);
        continue;
      }
      const start = mainThreadNanos(pids);
      for (let i = 0; i < count; i++) await send(extra);
      const used = mainThreadNanos(pids) - start;
      if ((await meter(server)).feedTicks === before.feedTicks) return used / count / 1000;
    }
  };
  // Plain then repeated, or repeated then plain: a drift within a round falls on each side alike.
  let plain: number;
  let repeated: number;
  if (flip) {
    repeated = await batch(EXTRA);
    plain = await batch(0);
  } else {
    plain = await batch(0);
    repeated = await batch(EXTRA);
  }
  return { plainUs: plain, ownUs: (repeated - plain) / EXTRA };
}

export async function isolateRender(server: BenchServer, path: string, { rounds = 8, count = 25 } = {}): Promise<IsolateRender> {
  const pids = workerdPids();
  await isolateRound(server, path, { count: 3, pids });
  const figures = [];
  for (let r = 0; r < rounds; r++) figures.push(await isolateRound(server, path, { count, flip: r % 2 === 1, pids }));
  const own = figures.map((f) => f.ownUs);
  return { us: median(own), lowUs: Math.min(...own), highUs: Math.max(...own), wholeUs: median(figures.map((f) => f.plainUs)) };
}
