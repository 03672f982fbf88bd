/**
 * The statistics of the fixed-rate measurement (docs/performance-history.md, "Paired windows"). A p99 from
 * one window of a thousand requests is its tenth-slowest request: on a shared two-core machine one
 * stall decides it, and the no-op measured against itself in back-to-back 10 s windows read anywhere
 * from 0.56× to 2.56×. So every route window has a no-op window on each side, and a route's p99 is
 * read from all its windows pooled, against the pool of the no-op windows beside them.
 */
import { prng } from "#schema/contracts/prng.ts";

/** The p-th percentile (nearest rank) of latencies sorted ascending; NaN for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** The median (nearest rank) of figures in any order. */
export function median(figures: readonly number[]): number {
  return percentile(
    figures.toSorted((a, b) => a - b),
    50,
  );
}

/**
 * One fixed-rate window: every request's latency (ms), how many answered other than 2xx, its length,
 * and the share of the server's core the hypervisor took meanwhile (steal.ts; absent off Linux).
 */
export type Window = { ms: number[]; non2xx: number; seconds: number; stolen?: number };

export type Pooled = { rps: number; p50: number; p99: number; non2xx: number; requests: number; stolen?: number };

function meanStolen(windows: readonly Window[]): { stolen?: number } {
  const known = windows.flatMap((w) => (w.stolen === undefined ? [] : [w.stolen]));
  return known.length ? { stolen: known.reduce((a, b) => a + b, 0) / known.length } : {};
}

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
    ...meanStolen(windows),
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

/** One round of a route: its window and the no-op windows on either side of it. */
export type RoundPair = { route: Window; beside: readonly Window[] };

/** The p99 of windows pooled, sorted as numbers in a typed array (the interval below pools thousands of times). */
function pooledP99(windows: readonly Window[]): number {
  const all = new Float64Array(windows.reduce((n, w) => n + w.ms.length, 0));
  let at = 0;
  for (const w of windows) {
    all.set(w.ms, at);
    at += w.ms.length;
  }
  return percentile(all.sort(), 99);
}

/** A route's p99 over the p99 of the no-op windows beside it, every round pooled. */
export function ratioOf(rounds: readonly RoundPair[]): number {
  return pooledP99(rounds.map((r) => r.route)) / pooledP99(rounds.flatMap((r) => r.beside));
}

/**
 * How far the ratio could have moved had other rounds been drawn: the rounds resampled with
 * replacement (a route window stays with its own no-op neighbours), `draws` times, and the 5th and
 * 95th percentiles of the ratios. Two runs of one build read a route 1.29× and 2.06×: a single
 * ratio cannot say which side of 1.5× a route is on, an interval says whether the run can.
 */
export function ratioInterval(rounds: readonly RoundPair[], draws = 1000, random = prng(1)): [number, number] {
  if (rounds.length === 0) return [Number.NaN, Number.NaN];
  const ratios: number[] = [];
  for (let d = 0; d < draws; d++) {
    ratios.push(ratioOf(rounds.map(() => rounds[Math.floor(random() * rounds.length)] as RoundPair)));
  }
  ratios.sort((x, y) => x - y);
  return [percentile(ratios, 5), percentile(ratios, 95)];
}
