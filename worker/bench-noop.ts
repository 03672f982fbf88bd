/** The bench build's no-op JSON route (worker/bench-entry.ts), also read by scripts/bench/run.ts under Node. */
export const BENCH_NOOP_PATH = "/api/__bench/noop";
