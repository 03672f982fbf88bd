import { describe, expect, it } from "vitest";
import { changeSince, drawnSlots, endAtHeadline, needsMarkers, priceUnder, withGaps } from "./history.ts";

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

describe("endAtHeadline", () => {
  const week: [number, number][] = [
    [0, 100],
    [3_600, 101],
    [7_200, 102],
  ];

  it("replaces a last point of the same step with the headline price, and follows one of an earlier step", () => {
    expect(endAtHeadline(week, 105, 7_200 + 1_800, 3_600)).toEqual([
      [0, 100],
      [3_600, 101],
      [9_000, 105],
    ]);
    expect(endAtHeadline(week, 105, 3 * 3_600 + 60, 3_600)).toEqual([...week, [10_860, 105]]);
  });

  it("changes nothing for a headline older than the history, an unknown price or no history", () => {
    expect(endAtHeadline(week, 105, 3_000, 3_600)).toBe(week);
    expect(endAtHeadline(week, 0, 9_000, 3_600)).toBe(week);
    expect(endAtHeadline(week, 105, Number.NaN, 3_600)).toBe(week);
    expect(endAtHeadline([], 105, 9_000, 3_600)).toEqual([]);
  });
});

describe("needsMarkers", () => {
  it("marks a day of five-minute slots holding a few snapshots, not a full one", () => {
    const now = 86_400;
    const few = withGaps(
      [
        [0, 1],
        [4 * 3_600, 2],
        [9 * 3_600, 3],
        [12 * 3_600, 4],
      ],
      300,
      "24h",
      now,
    );
    expect(needsMarkers(few)).toBe(true);
    const full = Array.from({ length: 288 }, (_, i): [number, number] => [i * 300, i]);
    expect(needsMarkers(withGaps(full, 300, "24h", now))).toBe(false);
  });

  it("leaves out marks when even half-empty slots hold too many prices to mark", () => {
    const every3Days = Array.from({ length: 130 }, (_, i): [number, number] => [i * 3 * 86_400, i]);
    expect(needsMarkers(withGaps(every3Days, 86_400, "max", 390 * 86_400))).toBe(false);
    expect(needsMarkers([])).toBe(false);
  });
});

describe("priceUnder", () => {
  const points = withGaps(
    [
      [0, 10],
      [3 * 3_600, 13],
      [40 * 3_600, 40],
    ],
    3_600,
    "7d",
    40 * 3_600,
  );

  it("gives a recorded slot's price, and inside a crossed stretch the nearest recorded price at its own time", () => {
    expect(priceUnder(points, 0)).toEqual({ price: 10, time: 0 });
    expect(priceUnder(points, 3_600)).toEqual({ price: 10, time: 0 });
    expect(priceUnder(points, 2 * 3_600)).toEqual({ price: 13, time: 3 * 3_600 });
  });

  it("says no price is recorded in a gap, and nothing without points", () => {
    expect(priceUnder(points, 20 * 3_600)).toEqual({ price: null, time: 20 * 3_600 });
    expect(priceUnder([], 5)).toBeNull();
  });
});

describe("changeSince", () => {
  const year = Array.from({ length: 366 }, (_, i): [number, number] => [i * DAY + 600, 100 + i]);
  const at = 365 * DAY + 3_600;

  it("reads a period's change from the daily price nearest its start", () => {
    expect(changeSince(year, 200, at, 14)).toEqual({ change: (200 / 451 - 1) * 100, from: 451, time: 351 * DAY + 600 });
    expect(changeSince(year, 200, at, 365)?.from).toBe(100);
  });

  it("gives nothing when no price is recorded within a day and a half of the period's start", () => {
    const recent = year.slice(-20);
    expect(changeSince(recent, 200, at, 14)).not.toBeNull();
    expect(changeSince(recent, 200, at, 30)).toBeNull();
    expect(changeSince([], 200, at, 14)).toBeNull();
    expect(changeSince(year, 0, at, 14)).toBeNull();
  });
});
