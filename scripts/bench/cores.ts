/**
 * By default (two or more cores, and taskset): the server (this process, Miniflare and the workerd it
 * starts) on core 0 and the load generators on core 1, so a latency measured at a fixed rate is not
 * time spent queued behind the generator. BENCH_PIN=0 shares the cores. Pinning used to cost the
 * storage-backed routes throughput, when their reads went through Miniflare's Node process; since
 * answers are remembered in the isolate (docs/decisions/performance/isolate-memory.md) it does not
 * (docs/performance-history.md has the runs both ways).
 */
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

const TASKSET = "/usr/bin/taskset";

export const pinning = process.env.BENCH_PIN !== "0" && availableParallelism() >= 2 && spawnSync(TASKSET, ["-V"]).status === 0;

/** Puts every thread of this process on core 0; processes it starts later inherit it. */
export function pinServerToCore0(): void {
  if (pinning) spawnSync(TASKSET, ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
}

/** The command line for a load generator, on core 1 when pinning. */
export function onGeneratorCore(command: string, args: string[]): [string, string[]] {
  return pinning ? [TASKSET, ["-c", "1", command, ...args]] : [command, args];
}
