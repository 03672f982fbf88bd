/** The bench build's no-op JSON route (worker/bench-entry.ts), also read by scripts/bench/run.ts under Node. */
export const BENCH_NOOP_PATH = "/api/__bench/noop";
/** The bench build's meter: D1 rows and KV operations of every request so far (worker/bench-entry.ts). */
export const BENCH_METER_PATH = "/api/__bench/meter";
/**
 * A request with this header set to "page" finds no rendered page in the colo (the copy in KV is
 * read); set to "render", none in KV either, so the page is rendered (worker/bench-entry.ts).
 */
export const BENCH_MISS_HEADER = "x-bench-miss";
/** A request with this header set to "1" is metered (worker/bench-entry.ts). */
export const BENCH_METER_HEADER = "x-bench-meter";
/**
 * A render (`x-bench-miss: render`) with this header set to N renders the page N more times first,
 * keeping none of those copies: the CPU those extra renders add is the isolate's own work of a render,
 * without KV's and the caches' simulators that share workerd's process here (worker/bench-entry.ts).
 */
export const BENCH_REPEAT_HEADER = "x-bench-repeat";
