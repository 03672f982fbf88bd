/**
 * Time the hypervisor took from the server's core while it had work ("steal" in /proc/stat, Linux
 * only). On this VM a no-op window at 200 req/s lost 0-30% of each second to it, on both cores at
 * once, and none while idle; it fits the stalls that decide a fixed-rate p99 (docs/performance-history.md).
 * Printed beside every fixed-rate result: how much the host took during each route's windows.
 */
import { readFileSync } from "node:fs";
import { pinning } from "./cores.ts";

export type CpuTimes = { steal: number; total: number };

/** Core 0 when the server is pinned there, else every core together; undefined off Linux. */
export function serverCpuTimes(): CpuTimes | undefined {
  try {
    const label = pinning ? "cpu0 " : "cpu ";
    const line = readFileSync("/proc/stat", "utf8")
      .split("\n")
      .find((l) => l.startsWith(label));
    if (!line) return undefined;
    // user nice system idle iowait irq softirq steal ...
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}

/** The share of the core's time stolen between two readings; undefined when either is missing. */
export function stolenShare(before: CpuTimes | undefined, after: CpuTimes | undefined): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}
