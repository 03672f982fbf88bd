/** Load generation from a second process (autocannon), so the server's CPU is not the client's. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../lib/wrangler.ts";
import { onGeneratorCore } from "./cores.ts";

export type LoadResult = { rps: number; p50: number; p99: number; non2xx: number; errors: number };

export type LoadOptions = { connections?: number; seconds?: number; method?: string; body?: string; headers?: Record<string, string> };

export function loadTest(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const request = [
    ...(options.method ? ["--method", options.method] : []),
    ...(options.body ? ["--body", options.body] : []),
    ...Object.entries(options.headers ?? {}).flatMap(([k, v]) => ["--headers", `${k}=${v}`]),
  ];
  const args = [
    join(projectRoot, "node_modules/autocannon/autocannon.js"),
    "--connections",
    String(options.connections ?? 32),
    "--duration",
    String(options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10)),
    "--json",
    ...request,
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(...onGeneratorCore(process.execPath, args), { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const r = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

/** Requests per second of the fixed-rate measurement, and hey's workers that share it. */
export const FIXED_RATE = 200;
const FIXED_WORKERS = 20;

/**
 * Latency at a constant request rate (Debian's `hey -q`): each worker sends at its own steady pace,
 * unlike autocannon's `--overallRate`, which sends in bursts. At saturation a p99 only measures
 * queueing on a small machine; at a rate the server keeps up with it measures the route.
 */
export function fixedRateTest(url: string, options: LoadOptions = {}): Promise<LoadResult> {
  const args = [
    "-q",
    String(FIXED_RATE / FIXED_WORKERS),
    "-c",
    String(FIXED_WORKERS),
    "-z",
    `${options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10)}s`,
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
      const ms = rows.map((r) => Number(r[0]) * 1000).sort((a, b) => a - b);
      const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? Number.NaN;
      const non2xx = rows.filter((r) => !/^2\d\d$/.test(r[6] ?? "")).length;
      const offsets = rows.map((r) => Number(r[7]));
      const span = Math.max(...offsets) - Math.min(...offsets);
      resolve({ rps: span > 0 ? rows.length / span : rows.length, p50: at(50), p99: at(99), non2xx, errors: 0 });
    });
  });
}
