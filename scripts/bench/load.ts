/** Load generation from a second process (autocannon), so the server's CPU is not the client's. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../lib/wrangler.ts";

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
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
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
