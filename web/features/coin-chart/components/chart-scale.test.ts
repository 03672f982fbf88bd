import { describe, expect, it } from "vitest";
import { priceScale, timeTicks } from "./chart-scale.ts";

describe("priceScale", () => {
  it("puts round gridlines inside a padded domain around the prices", () => {
    const { lo, hi, ticks } = priceScale(61_234, 108_950);
    expect(lo).toBeLessThan(61_234);
    expect(hi).toBeGreaterThan(108_950);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.every((t) => t >= lo && t <= hi && t % 10_000 === 0)).toBe(true);
  });

  it("keeps a sub-cent coin's gridlines free of float noise", () => {
    const { ticks } = priceScale(0.000_012_3, 0.000_018_7);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    for (const t of ticks) expect(String(t).length).toBeLessThanOrEqual(9);
  });

  it("opens a flat series into a band around its one price, never below zero", () => {
    const flat = priceScale(1, 1);
    expect(flat.lo).toBeLessThan(1);
    expect(flat.hi).toBeGreaterThan(1);
    expect(priceScale(0.01, 5).lo).toBe(0);
  });
});

describe("timeTicks", () => {
  const now = Date.UTC(2026, 10, 26, 1, 17) / 1000;

  it("labels a year by whole UTC months, January by its year", () => {
    const ticks = timeTicks(now - 365 * 86_400, now, "1y");
    expect(ticks.map((t) => t.label)).toEqual(["2026", "Apr", "Jul", "Oct"]);
    for (const t of ticks) expect(new Date(t.time * 1000).toISOString()).toMatch(/^\d{4}-\d{2}-01T00:00:00/);
    expect(timeTicks(now - 3 * 365 * 86_400, now, "max").map((t) => t.label)).toEqual(["Apr '24", "Jan '25", "Oct '25", "Jul '26"]);
  });

  it("labels a day by whole UTC hours and a week by days, inside the range", () => {
    const day = timeTicks(now - 86_400, now, "24h");
    expect(day.map((t) => t.label).every((l) => /^\d{2}:00$/.test(l))).toBe(true);
    const week = timeTicks(now - 7 * 86_400, now, "7d");
    expect(week.map((t) => t.label)).toEqual(["Nov 20", "Nov 22", "Nov 23", "Nov 25"].slice(0, week.length));
    for (const t of [...day, ...week]) {
      expect(t.time).toBeGreaterThanOrEqual(now - 7 * 86_400);
      expect(t.time).toBeLessThanOrEqual(now);
    }
  });
});
