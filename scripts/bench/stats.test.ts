import { describe, expect, it } from "vitest";
import { percentile, pool, roundPlan } from "./stats.ts";

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
