/**
 * What a request costs the server: the CPU time of the workerd processes Miniflare started, which the
 * host's steal does not touch (a stolen moment is not counted as the process's time), unlike a
 * latency. Linux only (/proc).
 * - Per request, over a fixed count: `utime + stime` (fields 14 and 15 of /proc/<pid>/stat, in clock
 *   ticks) before and after, divided by the count.
 * - One request alone: the threads' `sum_exec_runtime` (the first field of
 *   /proc/<pid>/task/<tid>/schedstat, in nanoseconds) before the request is sent and after its body
 *   has arrived, one request at a time: what that request made workerd do, plus whatever else workerd
 *   ran in those few milliseconds (a price tick's alarm, a collection of garbage left by earlier ones).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

type Proc = { pid: number; ppid: number; comm: string };

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    return { pid, ppid: Number(fields[1]), comm: stat.slice(stat.indexOf("(") + 1, close) };
  } catch {
    return null;
  }
}

/** The workerd processes started by this process (Miniflare's), or by its descendants. */
export function workerdPids(root = process.pid): number[] {
  const all = readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .map((p) => readProc(Number(p)))
    .filter((p): p is Proc => p !== null);
  const mine = new Set([root]);
  // Parents before children is not guaranteed by pid order: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const p of all) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        added = true;
      }
    }
  }
  return all.filter((p) => p.comm === "workerd" && mine.has(p.pid)).map((p) => p.pid);
}

/** utime + stime of these processes, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of the whole line are the 12th and 13th after the command's closing bracket.
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/** Nanoseconds one thread has run (schedstat's sum_exec_runtime); 0 for one that has ended. */
function threadNanos(pid: number, tid: number | string): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    // A thread that ended between the listing and the read ran nothing more.
    return 0;
  }
}

/** Nanoseconds every thread of these processes has run. */
export function cpuNanos(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) ns += threadNanos(pid, tid);
  }
  return ns;
}

/**
 * Nanoseconds the main thread of each of these processes has run: in workerd, the thread every
 * isolate's JavaScript runs on, without V8's helper threads (concurrent marking and compiling).
 */
export function mainThreadNanos(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) ns += threadNanos(pid, pid);
  return ns;
}

/** Whether this machine can measure at all (Linux with schedstat). */
export function canMeasureCpu(): boolean {
  try {
    readFileSync("/proc/self/schedstat", "utf8");
    return true;
  } catch {
    return false;
  }
}
