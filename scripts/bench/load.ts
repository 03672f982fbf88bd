/** Fixed-rate load from other processes (Debian's hey), so the server's CPU is not the client's. */
import { spawn } from "node:child_process";
import { onGeneratorCore } from "./cores.ts";
import type { Window } from "./stats.ts";
import { serverCpuTimes, stolenShare } from "./steal.ts";

export type LoadOptions = { method?: string; body?: string; headers?: Record<string, string> };

/** Requests per second of the fixed-rate measurement, and the steady streams that share it. */
export const FIXED_RATE = 200;
const STREAMS = 4;

type Sample = { ms: number; status: string };

/** One hey process: one connection sending `rate` requests per second for `seconds`. */
function stream(url: string, rate: number, seconds: number, options: LoadOptions): Promise<Sample[]> {
  const args = [
    "-q",
    String(rate),
    "-c",
    "1",
    "-z",
    `${seconds}s`,
    "-o",
    "csv",
    ...(options.method ? ["-m", options.method] : []),
    ...(options.body ? ["-d", options.body] : []),
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(...onGeneratorCore("/usr/bin/hey", args), { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`hey exited with ${code}`));
      // response-time,DNS+dialup,DNS,Request-write,Response-delay,Response-read,status-code,offset
      const rows = out
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.split(","));
      resolve(rows.map((r) => ({ ms: Number(r[0]) * 1000, status: r[6] ?? "" })));
    });
  });
}

/**
 * One window at a constant request rate: four hey processes of one connection each (`hey -q 50 -c 1`),
 * started a quarter period apart, so a request leaves every 5 ms. One hey process with 20 workers
 * (`-q 10 -c 20`) is not constant: its workers' tickers start together and send in bursts of 20
 * every 100 ms, and its p50 then measures how long the server takes to clear a burst (measured in
 * docs/performance-history.md). At saturation a p99 only measures queueing on a small machine; at a rate the
 * server keeps up with it measures the route. Windows are pooled and compared in stats.ts.
 */
export async function fixedRateWindow(url: string, seconds: number, options: LoadOptions = {}): Promise<Window> {
  const runs: Promise<Sample[]>[] = [];
  const before = serverCpuTimes();
  for (let i = 0; i < STREAMS; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 1000 / FIXED_RATE));
    runs.push(stream(url, FIXED_RATE / STREAMS, seconds, options));
  }
  const samples = (await Promise.all(runs)).flat();
  const stolen = stolenShare(before, serverCpuTimes());
  return { ms: samples.map((s) => s.ms), non2xx: samples.filter((s) => !/^2\d\d$/.test(s.status)).length, seconds, stolen };
}
