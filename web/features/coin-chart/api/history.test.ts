import { describe, expect, it } from "vitest";
import { withGaps } from "./history.ts";

const DAY = 86_400;

describe("withGaps", () => {
  it("keeps every point and adds empty slots inside a gap, never values", () => {
    const points: [number, number][] = [
      [0, 1],
      [DAY, 2],
      [5 * DAY, 3],
    ];
    const out = withGaps(points, DAY, "max", 5 * DAY);
    expect(out.filter((p) => p.value != null).map((p) => p.value)).toEqual([1, 2, 3]);
    expect(out.filter((p) => p.value == null).map((p) => p.time)).toEqual([2 * DAY, 3 * DAY, 4 * DAY]);
    const times = out.map((p) => p.time);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("pads a bounded range to its start and to now on the step's grid", () => {
    const now = 400 * DAY + 3_600;
    const out = withGaps([[395 * DAY, 10]], DAY, "1y", now);
    const empty = out.filter((p) => p.value == null).map((p) => p.time);
    expect(empty[0]).toBe(36 * DAY); // ceil((now - 365 days) / day)
    expect(empty.every((t) => t % DAY === 0)).toBe(true);
    expect(empty.at(-1)).toBe(399 * DAY);
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
