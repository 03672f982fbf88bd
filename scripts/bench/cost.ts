/**
 * One route's cost: CPU per request over a fixed count at a few connections, the largest CPU of one
 * request alone (sampled), and the storage operations per request from the bench build's meter
 * (worker/bench-meter.ts). Method: scripts/bench/cpu.ts.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { BENCH_METER_HEADER, BENCH_METER_PATH } from "#worker/bench-noop.ts";
import { projectRoot } from "../lib/wrangler.ts";
import { onGeneratorCore } from "./cores.ts";
import { cpuNanos, cpuTicks, TICKS_PER_SECOND, workerdPids } from "./cpu.ts";
import type { FireSpec } from "./fire.ts";
import type { BenchServer } from "./serve.ts";
import { percentile } from "./stats.ts";

export type CostTarget = {
  name: string;
  /** One path, or a list asked in turn (distinct articles, random slugs). */
  paths: string[];
  /** Paths for the one-at-a-time samples when they must differ from the run's (a miss must stay a miss). */
  samplePaths?: string[];
  method?: string;
  body?: string;
  headers?: Record<string, string>;
};

export type MeterTotals = {
  requests: number;
  queries: number;
  rowsRead: number;
  rowsWritten: number;
  kvReads: number;
  kvWrites: number;
  maxRowsRead: number;
  d1Metered: boolean;
  queueBatches: number;
  queueMessages: number;
  background: { queries: number; rowsRead: number; rowsWritten: number; kvReads: number; kvWrites: number };
  feed: { queries: number; rowsRead: number; rowsWritten: number; kvReads: number; kvWrites: number };
  feedTicks: number;
  /** Milliseconds since the price feed's last tick began, when the meter was read. */
  sinceLastTickMs: number;
};

export type Cost = {
  /** CPU per request over the run, in microseconds (ticks), and the same from schedstat. */
  cpuUs: number;
  cpuUsPrecise: number;
  /** One request at a time: the largest and the median CPU, in microseconds, and the p50 and p95 of their times. */
  maxUs: number;
  medianUs: number;
  p50Ms: number;
  p95Ms: number;
  /** Per request over the run. */
  rowsRead: number;
  rowsWritten: number;
  kvReads: number;
  kvWrites: number;
  /** The most D1 rows one request of the run read. */
  maxRowsRead: number;
  d1Metered: boolean;
  statuses: Record<string, number>;
  requests: number;
};

/** `metered`: how many of the route's requests are sent again, metered, for its storage figures. */
export type CostOptions = { amount: number; connections: number; samples: number; metered: number };

/** What browsers send: a gzip reader gets the answers kept compressed (colo-cache.ts). */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "*/*" };

function fire(spec: FireSpec): Promise<{ statuses: Record<string, number>; total: number }> {
  const [command, args] = onGeneratorCore(process.execPath, [join(projectRoot, "scripts/bench/fire.ts")]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with ${code}: ${err}`));
      const r = JSON.parse(out) as Record<string, unknown> & { requests: { total: number } };
      const statuses = Object.fromEntries(
        Object.entries(r).filter(([k, v]) => /^\dxx$/.test(k) && typeof v === "number" && v > 0) as [string, number][],
      );
      resolve({ statuses, total: r.requests.total });
    });
    // Through stdin: a list of 3,000 paths is longer than one command-line argument may be.
    child.stdin.end(JSON.stringify(spec));
  });
}

export async function meter(server: BenchServer): Promise<MeterTotals> {
  return (await (await fetch(new URL(BENCH_METER_PATH, server.url))).json()) as MeterTotals;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureCost(server: BenchServer, target: CostTarget, options: CostOptions): Promise<Cost> {
  const pids = workerdPids();
  if (pids.length === 0) throw new Error("no workerd process found under this one");
  const headers = { ...BROWSER_HEADERS, ...target.headers };
  const t0 = cpuTicks(pids);
  const n0 = cpuNanos(pids);
  const run = await fire({
    url: server.url.href,
    paths: target.paths,
    amount: options.amount,
    connections: options.connections,
    headers,
    ...(target.method ? { method: target.method } : {}),
    ...(target.body ? { body: target.body } : {}),
  });
  const t1 = cpuTicks(pids);
  const n1 = cpuNanos(pids);

  // Storage per request from a metered run of its own: the meter's work stays out of the CPU figures.
  const m0 = await meter(server);
  if (options.metered > 0)
    await fire({
      url: server.url.href,
      paths: target.paths,
      amount: options.metered,
      connections: options.connections,
      headers: { ...headers, [BENCH_METER_HEADER]: "1" },
      ...(target.method ? { method: target.method } : {}),
      ...(target.body ? { body: target.body } : {}),
    });
  // Work the requests left to waitUntil (a cache write) is metered when it ends.
  await pause(300);
  const m1 = await meter(server);
  const count = m1.requests - m0.requests || 1;

  const samples: number[] = [];
  const times: number[] = [];
  const list = target.samplePaths ?? target.paths;
  for (let i = 0; i < options.samples; i++) {
    const path = list[i % list.length] as string;
    const started = performance.now();
    const before = cpuNanos(pids);
    const res = await fetch(new URL(path, server.url), {
      method: target.method ?? "GET",
      headers,
      ...(target.body ? { body: target.body } : {}),
    });
    await res.arrayBuffer();
    samples.push((cpuNanos(pids) - before) / 1000);
    times.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const per = (a: number, b: number) => (b - a) / count;
  return {
    cpuUs: ((t1 - t0) * 1e6) / TICKS_PER_SECOND / options.amount,
    cpuUsPrecise: (n1 - n0) / 1000 / options.amount,
    maxUs: samples.at(-1) ?? Number.NaN,
    medianUs: samples[Math.floor(samples.length / 2)] ?? Number.NaN,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    rowsRead: per(m0.rowsRead, m1.rowsRead),
    rowsWritten: per(m0.rowsWritten, m1.rowsWritten),
    kvReads: per(m0.kvReads, m1.kvReads),
    kvWrites: per(m0.kvWrites, m1.kvWrites),
    maxRowsRead: m1.maxRowsRead,
    d1Metered: m1.d1Metered,
    statuses: run.statuses,
    requests: run.total,
  };
}
