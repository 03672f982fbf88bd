import { describe, expect, it } from "vitest";
import { covers, runStart, spanText } from "#schema/contracts/recorded-span.ts";
import { SPARKLINE_SLOT_S, SPARKLINE_SLOTS, type Sparklines, sparklineOf } from "./sparklines.ts";

const HOUR = 3_600;
// A set built at a slot's start plus one hour: the last slot holds "now".
const last = 1_000_000 * SPARKLINE_SLOT_S;
const at = (last + HOUR) * 1000;
const from = last - (SPARKLINE_SLOTS - 1) * SPARKLINE_SLOT_S;

/**
 * A series with prices at the given slots back from the last one, each taken at its slot's start
 * unless `edge` says when the newest was taken and when the price before the first slot was.
 */
function set(points: Record<number, number>, edge: { lead?: number; last?: number } = {}): Sparklines {
  const row: (number | null)[] = Array.from({ length: SPARKLINE_SLOTS }, () => null);
  for (const [back, price] of Object.entries(points)) row[SPARKLINE_SLOTS - 1 - Number(back)] = price;
  const newest = Math.min(...Object.keys(points).map(Number));
  const edges = { coin: { lead: edge.lead ?? null, last: edge.last ?? last - newest * SPARKLINE_SLOT_S } };
  return { at, from, series: { coin: row }, edges };
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

  it("a week recorded twice a day covers the week through its price before the window, without drawing it", () => {
    // The price 10 hours before the week and the next 13 hours into it: the line crosses 23 hours.
    const week = set({ 39: 10, 36: 11, 33: 12, 30: 11, 27: 10, 24: 9, 21: 9, 18: 9, 15: 9, 12: 9, 9: 9, 6: 9, 3: 9, 0: 9 });
    expect(sparklineOf(week, "coin").sparkline).toBeNull();
    const entered = set(
      { 39: 10, 36: 11, 33: 12, 30: 11, 27: 10, 24: 9, 21: 9, 18: 9, 15: 9, 12: 9, 9: 9, 6: 9, 3: 9, 0: 9 },
      {
        lead: Math.floor(at / 1000) - 7 * 86_400 - 10 * HOUR,
      },
    );
    expect(sparklineOf(entered, "coin")).toEqual({ sparkline: entered.series.coin, sparklineHours: 168 });
    // A price more than 36 hours before the next one does not carry the line into the week.
    const far = set({ 36: 11, 30: 12, 24: 9, 18: 9, 12: 9, 6: 9, 0: 9 }, { lead: from - 20 * HOUR });
    expect(sparklineOf(far, "coin").sparkline).toBeNull();
  });

  it("a price taken a minute before a slot turned still reaches now", () => {
    // Built 2 minutes into a new slot that holds no price yet: the newest was taken 1 minute before it.
    const turned = { ...set({ 1: 1 }), at: (last + 120) * 1000 };
    const row: (number | null)[] = Array.from({ length: SPARKLINE_SLOTS }, (_, i) => (i < SPARKLINE_SLOTS - 1 ? 1 : null));
    const fresh: Sparklines = { ...turned, series: { coin: row }, edges: { coin: { lead: null, last: last - 60 } } };
    expect(sparklineOf(fresh, "coin").sparkline).toEqual(row);
    const stale: Sparklines = { ...fresh, edges: { coin: { lead: null, last: last - SPARKLINE_SLOT_S - 600 } } };
    expect(sparklineOf(stale, "coin").sparkline).toBeNull();
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
