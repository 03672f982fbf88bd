import { describe, expect, it } from "vitest";
import { createOfflineWriter } from "#worker/ports/llm/offline.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { roundupBrief, trendingBrief } from "./briefs.ts";
import { facts } from "./facts.ts";
import { checkGrounding, extractFigures } from "./grounding.ts";
import { groundDraft } from "./publish.ts";
import { buildRows, toMarketInput } from "./snapshots.ts";
import { fixedMarket } from "./testing.ts";

const known = [
  facts.price("Bitcoin price", 64039),
  facts.change("Bitcoin 24h", -2.3141),
  facts.money("Market cap", 1_284_523_645_172),
  facts.rank("Zcash rank", 15),
  facts.score("Galaxy Score", 67.3),
  facts.count("Posts", 353_615),
  facts.share("Sentiment", 78, 0),
];

describe("figure extraction", () => {
  it("reads money, percentages, ranks and plain numbers with their units", () => {
    const figures = extractFigures("Bitcoin fell 2.31% to $64,039.00, worth $1.28 trillion; #15 with a score of 67.3 and 353,615 posts.");
    expect(figures.map((f) => [f.kind, f.value, f.direction])).toEqual([
      ["percent", 2.31, -1],
      ["money", 64039, 0],
      ["money", 1.28e12, 0],
      ["rank", 15, 0],
      ["number", 67.3, 0],
      ["number", 353615, 0],
    ]);
  });

  it("skips periods, clock times, ISO dates, list markers and names with digits", () => {
    const text = "1. Over 24 hours and 7 days (a 24-hour view), as of 06:00 UTC on 2026-11-22, USD1 held.";
    expect(extractFigures(text, ["USD1"])).toEqual([]);
  });

  it("reads a range as two numbers, not a negative one", () => {
    expect(extractFigures("coins ranked 101-300").map((f) => [f.value, f.sign])).toEqual([
      [101, 0],
      [300, 0],
    ]);
  });
});

describe("the grounding check", () => {
  it("accepts figures copied from the facts, and the rounding the text shows", () => {
    const text =
      "Bitcoin fell 2.31% (-2.31%) to $64,039.00, about $64,000, for a market cap of $1.28 trillion. Zcash, ranked #15, has a Galaxy Score of 67.3; 353,615 posts, 78% positive.";
    expect(checkGrounding(text, known)).toEqual({ ok: true, checked: 9, problems: [] });
  });

  it("catches a wrong price, percentage, rank or score", () => {
    for (const wrong of ["$65,100.00", "3.40%", "#16", "a score of 61.2"]) {
      const result = checkGrounding(`Bitcoin at ${wrong}.`, known);
      expect(result.ok, wrong).toBe(false);
      expect(result.problems[0]).toMatch(/matches none of the facts/);
    }
  });

  it("catches a move written in the wrong direction", () => {
    const result = checkGrounding("Bitcoin rose 2.31% today.", known);
    expect(result.ok).toBe(false);
    expect(result.problems[0]).toMatch(/wrong direction for Bitcoin 24h \(-2\.31%\)/);
    expect(checkGrounding("Bitcoin was +2.31% today.", known).ok).toBe(false);
  });

  it("lets bounds and dates through only when they are allowed", () => {
    expect(checkGrounding("Among the top 100 on 22 November 2026.", known).ok).toBe(false);
    expect(checkGrounding("Among the top 100 on 22 November 2026.", known, { allowed: [100, 22, 2026] }).ok).toBe(true);
  });
});

describe("the offline writer against the check", () => {
  it("writes roundups and trending analyses whose every figure is grounded, for many days and coins", async () => {
    const market = await fixedMarket();
    const coins = market.coins.map(toMarketInput);
    const writer = createOfflineWriter();
    for (const date of ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]) {
      const rows = buildRows(date, coins, await createOfflineSentiment().fetchMetrics(coins, date), {
        source: "offline",
        marketAsOf: market.updatedAt,
        fetchedAt: market.updatedAt,
      });
      const roundup = roundupBrief(date, market.updatedAt, rows, "offline");
      const draft = await writer.write(roundup);
      expect(groundDraft(roundup, draft).problems, date).toEqual([]);
      expect(draft.body).not.toMatch(/\b(lorem|ipsum|undefined|NaN|null)\b/);
      for (const band of [
        { from: 1, to: 100, label: "1-100" },
        { from: 101, to: 300, label: "101-300" },
        { from: 301, to: 500, label: "301-500" },
      ]) {
        const bandRows = rows.filter((r) => r.rank >= band.from && r.rank <= band.to);
        for (const row of bandRows.slice(0, 40)) {
          const brief = trendingBrief(date, row, band, bandRows);
          const written = await writer.write(brief);
          const check = groundDraft(brief, written);
          expect(check.problems, `${date} ${row.coinId}`).toEqual([]);
          expect(check.checked).toBeGreaterThan(8);
        }
      }
    }
  });
});
