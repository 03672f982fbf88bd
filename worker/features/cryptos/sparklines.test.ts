import { describe, expect, it } from "vitest";
import { covers, runStart, spanText } from "#schema/contracts/recorded-span.ts";
import { SPARKLINE_SLOT_S, SPARKLINE_SLOTS, type Sparklines, sparklineOf } from "./sparklines.ts";

const HOUR = 3_600;
// A set built at a slot's start plus one hour: the last slot holds "now".
const last = 1_000_000 * SPARKLINE_SLOT_S;
const at = (last + HOUR) * 1000;
const from = last - (SPARKLINE_SLOTS - 1) * SPARKLINE_SLOT_S;

/** A series with prices at the given slots back from the last one. */
function set(points: Record<number, number>): Sparklines {
  const row: (number | null)[] = Array.from({ length: SPARKLINE_SLOTS }, () => null);
  for (const [back, price] of Object.entries(points)) row[SPARKLINE_SLOTS - 1 - Number(back)] = price;
  return { at, from, series: { coin: row } };
}

describe("sparklineOf: a 'Last 7 days' line only over 7 days really recorded", () => {
  it("draws a week with a price at least every 36 hours that starts within a slot of 7 days ago", () => {
    const daily = set({ 42: 10, 36: 11, 30: 12, 24: 11, 18: 10, 12: 9, 6: 9.5, 0: 9 });
    expect(sparklineOf(daily, "coin").sparkline).toHaveLength(SPARKLINE_SLOTS);
    expect(sparklineOf(daily, "coin").sparklineHours).toBe(168);
  });

  it("draws nothing for the recording of ranks 251-500 (7 days and 24 hours before, then now) and says it covers a day", () => {
    const sparse = set({ 42: 10, 6: 9.8, 0: 9.5 });
    expect(sparklineOf(sparse, "coin")).toEqual({ sparkline: null, sparklineHours: 25 });
  });

  it("draws nothing for two prices in the last day, nor for a week that starts late or stops early", () => {
    expect(sparklineOf(set({ 6: 1, 0: 2 }), "coin").sparkline).toBeNull();
    expect(sparklineOf(set({ 36: 1, 30: 1, 24: 1, 18: 1, 12: 1, 6: 1, 0: 1 }), "coin").sparkline).toBeNull();
    expect(sparklineOf(set({ 42: 1, 36: 1, 30: 1, 24: 1, 18: 1, 12: 1, 6: 1 }), "coin").sparkline).toBeNull();
  });

  it("a coin with no or one recorded price covers nothing", () => {
    expect(sparklineOf(set({}), "coin")).toEqual({ sparkline: null, sparklineHours: 0 });
    expect(sparklineOf(set({ 0: 1 }), "coin")).toEqual({ sparkline: null, sparklineHours: 0 });
    expect(sparklineOf(set({ 0: 1 }), "other")).toEqual({ sparkline: null, sparklineHours: 0 });
  });
});

describe("recorded spans", () => {
  it("runStart walks back from the newest price while no hole is longer than the limit", () => {
    expect(runStart([0, 10, 100, 105], 10)).toBe(100);
    expect(runStart([0, 10, 20], 10)).toBe(0);
    expect(runStart([], 10)).toBeNull();
  });

  it("covers needs the line to start near the window's start and to reach its end", () => {
    expect(covers([0, 5, 10], { start: 0, end: 10 }, 5, 1)).toEqual({ covered: true, from: 0 });
    expect(covers([3, 5, 10], { start: 0, end: 10 }, 5, 1)).toEqual({ covered: false, from: 3 });
    expect(covers([0, 5, 7], { start: 0, end: 10 }, 5, 1).covered).toBe(false);
    expect(covers([10], { start: 0, end: 10 }, 5, 1).covered).toBe(false);
  });

  it("spanText says a span the way a reader does", () => {
    expect(spanText(41 * 60)).toBe("41 min");
    expect(spanText(9 * HOUR + 59 * 60)).toBe("9 h");
    expect(spanText(25 * HOUR)).toBe("1 d");
    expect(spanText(12.5 * 86_400)).toBe("12 d");
    expect(spanText(25 * HOUR, true)).toBe("1 day");
    expect(spanText(3 * HOUR, true)).toBe("3 hours");
  });
});
