import { describe, expect, it } from "vitest";
import { dateTime, dollars, formatCompact, formatMoney, isGain, longDay, percent, shortDate, shortMonth, timeAgo } from "./format.ts";

describe("formatMoney (public-site.md §9, assistant-plans-admin.md §9)", () => {
  it.each([
    [1_284_523_645_172, "$1.28T"],
    [999_999_999_999, "$1000.00B"],
    [null, "\u2014"],
    [undefined, "\u2014"],
    [1e9, "$1.00B"],
    [32_019_976_824, "$32.02B"],
    [999_999, "$1000.00K"],
    [1e6, "$1.00M"],
    [1500, "$1.50K"],
    [1000, "$1.00K"],
    [999.6, "$1000"],
    [42.4, "$42"],
    [0, "$0"],
    [-5, "$0"],
    [Number.NaN, "$0"],
    ["2500000", "$2.50M"],
    ["not a number", "$0"],
  ])("%s → %s", (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});

describe("formatCompact", () => {
  it("uses T, B and M with 2 decimals", () => {
    expect(formatCompact(2.5e12)).toBe("2.50T");
    expect(formatCompact(20_053_312)).toBe("20.05M");
    expect(formatCompact(1234)).toBe("1,234");
    expect(formatCompact(null)).toBe("-");
  });
});

describe("isGain", () => {
  it("is a gain only when the text starts with a plus sign", () => {
    expect(isGain("+2.31%")).toBe(true);
    expect(isGain("-0.52%")).toBe(false);
    expect(isGain("0.00%")).toBe(false);
  });
});

describe("timeAgo", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  it.each([
    ["2026-11-22T11:59:30Z", "just now"],
    ["2026-11-22T11:59:00Z", "1 minute ago"],
    ["2026-11-22T10:00:00Z", "2 hours ago"],
    ["2026-11-19T12:00:00Z", "3 days ago"],
    ["2026-10-01T12:00:00Z", "1 month ago"],
    ["2024-11-01T12:00:00Z", "2 years ago"],
  ])("%s → %s", (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
  it("gives nothing for a missing or bad time", () => {
    expect(timeAgo(null, now)).toBe("");
    expect(timeAgo("yesterday", now)).toBe("");
  });
});

describe("percent", () => {
  it("divides with the given decimals and refuses a zero whole", () => {
    expect(percent(20_053_312, 21_000_000, 1)).toBe("95.5%");
    expect(percent(31_950_000_000, 1_284_610_000_000, 2)).toBe("2.49%");
    expect(percent(5, 0)).toBeNull();
    expect(percent(5, null)).toBeNull();
  });
});

describe("dates spelled without Intl", () => {
  it("reads a day as written, and a moment in the reader's zone, as the en-GB and en-US formats do", () => {
    expect(longDay("2026-07-07")).toBe("7 July 2026");
    expect(longDay("2026-12-31")).toBe("31 December 2026");
    expect(longDay("not a day")).toBe("not a day");
    const at = new Date(2026, 8, 1, 15, 5, 9);
    expect(shortDate(at)).toBe(at.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" }));
    expect(dateTime(at)).toBe(at.toLocaleString("en-US").replace(/\s/g, " "));
    const midnight = new Date(2026, 0, 2, 0, 0, 0);
    expect(dateTime(midnight)).toBe("1/2/2026, 12:00:00 AM");
  });
});

describe("dates spelled in UTC (a page rendered by the server, until hydrated)", () => {
  it("reads the moment's UTC day and time, whatever the reader's zone", () => {
    const late = new Date("2026-09-01T23:30:05Z");
    expect(shortDate(late, "utc")).toBe("Sep 1, 2026");
    expect(dateTime(late, "utc")).toBe("9/1/2026, 11:30:05 PM");
    expect(dateTime(new Date("2026-09-02T00:05:00Z"), "utc")).toBe("9/2/2026, 12:05:00 AM");
  });
});

describe("dollars and shortMonth", () => {
  it("groups dollars by thousands with the cents asked for", () => {
    expect(dollars(63_629.484)).toBe("$63,629.48");
    expect(dollars(1_234_567.5, 0)).toBe("$1,234,568");
    expect(dollars(999.999)).toBe("$1,000.00");
    expect(dollars(12)).toBe("$12.00");
    expect(dollars(-4_500.1)).toBe("-$4,500.10");
  });

  it("spells a month in three letters", () => {
    expect([0, 6, 11].map(shortMonth)).toEqual(["Jan", "Jul", "Dec"]);
  });
});
