/**
 * The statistics of the fixed-rate measurement (docs/performance.md, "Paired windows"). A p99 from
 * one window of a thousand requests is its tenth-slowest request: on a shared two-core machine one
 * stall decides it, and the no-op measured against itself in back-to-back 10 s windows read anywhere
 * from 0.56× to 2.56×. So every route window has a no-op window on each side, and a route's p99 is
 * read from all its windows pooled, against the pool of the no-op windows beside them.
 */

/** The p-th percentile (nearest rank) of latencies sorted ascending; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** One fixed-rate window: every request's latency (ms), how many answered other than 2xx, its length. */
export type Window = { ms: number[]; non2xx: number; seconds: number };

export type Pooled = { rps: number; p50: number; p99: number; non2xx: number; requests: number };

/** Windows taken together, as one long measurement. */
export function pool(windows: readonly Window[]): Pooled {
  const ms = windows.flatMap((w) => w.ms).sort((a, b) => a - b);
  const seconds = windows.reduce((s, w) => s + w.seconds, 0);
  return {
    rps: seconds > 0 ? ms.length / seconds : Number.NaN,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    non2xx: windows.reduce((n, w) => n + w.non2xx, 0),
    requests: ms.length,
  };
}

/**
 * The order of one round's windows: the no-op first, then each route followed by the no-op, so every
 * route window lies between two no-op windows (`beside`: their positions). A drift of the machine
 * within a round then moves a route and the no-op it is compared with alike.
 */
export function roundPlan(routes: number): { order: ("noop" | number)[]; beside: [number, number][] } {
  const order: ("noop" | number)[] = ["noop"];
  const beside: [number, number][] = [];
  for (let i = 0; i < routes; i++) {
    beside.push([order.length - 1, order.length + 1]);
    order.push(i, "noop");
  }
  return { order, beside };
}
