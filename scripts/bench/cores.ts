/**
 * BENCH_PIN=1 (two or more cores): the server (this process, Miniflare and the workerd it starts) on
 * core 0 and the load generators on core 1, so a latency measured at a fixed rate is not time spent
 * queued behind the generator. Off by default: Miniflare answers cache and KV calls from this Node
 * process, so one core then serves both the Worker and its storage, which lowers every storage-backed
 * route against the no-op (docs/performance.md has one run each way).
 */
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

const TASKSET = "/usr/bin/taskset";

export const pinning = process.env.BENCH_PIN === "1" && availableParallelism() >= 2 && spawnSync(TASKSET, ["-V"]).status === 0;

/** Puts every thread of this process on core 0; processes it starts later inherit it. */
export function pinServerToCore0(): void {
  if (pinning) spawnSync(TASKSET, ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
}

/** The command line for a load generator, on core 1 when pinning. */
export function onGeneratorCore(command: string, args: string[]): [string, string[]] {
  return pinning ? [TASKSET, ["-c", "1", command, ...args]] : [command, args];
}
