import { describe, expect, it } from "vitest";
import { drawnSlots, withGaps } from "./history.ts";

const DAY = 86_400;

describe("withGaps", () => {
  it("keeps every point and marks the empty slots of a long hole as a gap, never values", () => {
    const points: [number, number][] = [
      [0, 1],
      [DAY, 2],
      [10 * DAY, 3],
    ];
    const out = withGaps(points, DAY, "max", 10 * DAY);
    expect(out.filter((p) => p.value != null).map((p) => p.value)).toEqual([1, 2, 3]);
    const empty = out.filter((p) => p.value == null);
    expect(empty.map((p) => p.time)).toEqual([2, 3, 4, 5, 6, 7, 8, 9].map((d) => d * DAY));
    expect(empty.every((p) => p.gap)).toBe(true);
    const times = out.map((p) => p.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("lets the line cross a short stretch between recorded prices: its slots keep time but are no gap", () => {
    // The last week of recorded history: a few snapshots a day, hours apart.
    const points: [number, number][] = [
      [0, 100],
      [9 * 3_600, 101],
      [26 * 3_600, 99],
    ];
    const out = withGaps(points, 3_600, "7d", 26 * 3_600);
    const between = out.filter((p) => p.value == null && p.time > 0 && p.time < 26 * 3_600);
    expect(between.length).toBeGreaterThan(20);
    expect(between.some((p) => p.gap)).toBe(false);
    // What the line is drawn through: the padding before the week's first price, then the three prices unbroken.
    expect(
      drawnSlots(out)
        .filter((p) => p.time >= 0)
        .map((p) => p.value),
    ).toEqual([100, 101, 99]);
  });

  it("pads a bounded range to its start and to now on the step's grid, as gaps", () => {
    const now = 400 * DAY + 3_600;
    const out = withGaps([[395 * DAY, 10]], DAY, "1y", now);
    const empty = out.filter((p) => p.value == null);
    expect(empty[0]?.time).toBe(36 * DAY); // ceil((now - 365 days) / day)
    expect(empty.every((p) => p.time % DAY === 0 && p.gap)).toBe(true);
    expect(empty.at(-1)?.time).toBe(399 * DAY);
    expect(out.filter((p) => p.value != null)).toEqual([{ time: 395 * DAY, value: 10 }]);
  });

  it("adds nothing where points follow their step, and nothing at all without points", () => {
    const steady: [number, number][] = [
      [0, 1],
      [300, 2],
      [600, 3],
    ];
    expect(withGaps(steady, 300, "max", 700)).toEqual(steady.map(([time, value]) => ({ time, value })));
    expect(withGaps([], 300, "24h", 1_000_000)).toEqual([]);
  });
});
