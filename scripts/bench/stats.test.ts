import { describe, expect, it } from "vitest";
import { prng } from "#schema/contracts/prng.ts";
import { percentile, pool, ratioInterval, ratioOf, roundPlan } from "./stats.ts";
import { stolenShare } from "./steal.ts";

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("percentile", () => {
  it("is the nearest rank: of 1..1000 the p99 is 990 and the p50 is 500", () => {
    expect(percentile(range(1000), 99)).toBe(990);
    expect(percentile(range(1000), 50)).toBe(500);
  });

  it("is the largest value for a handful and NaN for none", () => {
    expect(percentile([3, 7], 99)).toBe(7);
    expect(percentile([], 99)).toBeNaN();
  });
});

describe("pool", () => {
  it("reads the windows as one measurement: latencies merged, rates over the total time, failures added", () => {
    const slowWindow = { ms: [...range(98).map(() => 1), 50, 60], non2xx: 1, seconds: 1 };
    const quietWindow = { ms: range(100).map(() => 2), non2xx: 0, seconds: 1 };
    const p = pool([slowWindow, quietWindow]);
    // Two slow requests in 200 are 1%: past the p99's rank (the 198th), so the stall no longer decides it.
    expect(p).toEqual({ rps: 100, p50: 2, p99: 2, non2xx: 1, requests: 200 });
    // Alone, the window with the stall has its p99 decided by it.
    expect(pool([slowWindow]).p99).toBe(50);
    expect(pool([quietWindow]).p99).toBe(2);
  });
});

describe("roundPlan", () => {
  it("puts a no-op window on each side of every route window", () => {
    const { order, beside } = roundPlan(3);
    expect(order).toEqual(["noop", 0, "noop", 1, "noop", 2, "noop"]);
    expect(beside).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
    ]);
    for (const [i, [before, after]] of beside.entries()) {
      expect(order[before]).toBe("noop");
      expect(order[after]).toBe("noop");
      expect(order[before + 1]).toBe(i);
    }
  });
});

describe("the ratio's interval over resampled rounds", () => {
  const flat = (ms: number, n = 100) => ({ ms: Array.from({ length: n }, () => ms), non2xx: 0, seconds: 1 });
  // A window whose slowest 1% (and more) took `tail` ms.
  const tailed = (tail: number) => ({ ms: [...range(95).map(() => 2), ...range(5).map(() => tail)], non2xx: 0, seconds: 1 });

  it("pools every round: a route twice as slow as its neighbours in every round reads 2x", () => {
    const rounds = range(8).map(() => ({ route: tailed(20), beside: [tailed(10), tailed(10)] }));
    expect(ratioOf(rounds)).toBe(2);
    // Every resample is the same rounds again: the interval has no width.
    expect(ratioInterval(rounds, 200)).toEqual([2, 2]);
  });

  it("is wide when the rounds disagree, and reproducible from its seed", () => {
    const rounds = [
      ...range(2).map(() => ({ route: tailed(30), beside: [tailed(10), tailed(10)] })),
      ...range(6).map(() => ({ route: tailed(10), beside: [tailed(10), tailed(10)] })),
    ];
    // Pooled, one slow round's five slow requests are under 1% of 800: it takes two to decide the p99.
    expect(ratioOf(rounds)).toBe(3);
    const [low, high] = ratioInterval(rounds, 500, prng(7));
    expect(low).toBe(1);
    expect(high).toBe(3);
    expect(ratioInterval(rounds, 500, prng(7))).toEqual([low, high]);
  });

  it("reads a ratio of no rounds as unknown", () => {
    expect(ratioInterval([])).toEqual([Number.NaN, Number.NaN]);
    expect(ratioOf([{ route: flat(1), beside: [] }])).toBeNaN();
  });
});

describe("the time stolen from the server's core", () => {
  it("is the mean of the windows that measured it, and absent when none did", () => {
    const w = (stolen?: number) => ({ ms: [1], non2xx: 0, seconds: 1, ...(stolen === undefined ? {} : { stolen }) });
    expect(pool([w(0.1), w(0.3), w()]).stolen).toBeCloseTo(0.2);
    expect(pool([w(), w()])).not.toHaveProperty("stolen");
  });

  it("is the steal over everything the core did between two readings", () => {
    expect(stolenShare({ steal: 10, total: 1000 }, { steal: 30, total: 1200 })).toBeCloseTo(0.1);
    expect(stolenShare(undefined, { steal: 30, total: 1200 })).toBeUndefined();
    expect(stolenShare({ steal: 10, total: 1000 }, { steal: 10, total: 1000 })).toBeUndefined();
  });
});
