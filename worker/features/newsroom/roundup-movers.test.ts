import { describe, expect, it } from "vitest";
import { MOVERS_MIN_VOLUME_USD, rankMovers } from "#schema/contracts/movers.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { roundupBrief } from "./briefs.ts";
import { buildRows, toMarketInput } from "./snapshots.ts";
import { fixedMarket } from "./test-support.ts";

describe("the Daily Roundup's gainers and losers", () => {
  it("are the first three of the Gainers and Losers tabs' rule over every tracked coin, never a coin the tabs leave out", async () => {
    const date = "2026-11-02";
    const market = await fixedMarket(Date.parse(`${date}T05:59:30Z`));
    const inputs = market.coins.slice(0, 500).map(toMarketInput);
    const metrics = await createOfflineSentiment().fetchMetrics(inputs, date);
    const rows = buildRows(date, inputs, metrics, { source: "offline", marketAsOf: market.updatedAt, fetchedAt: `${date}T06:00:00.000Z` });
    // One coin of the top 100 jumps 500 % on $10 of trading: the tabs leave it out, so must the roundup.
    const thin = rows[5];
    if (!thin) throw new Error("no rows");
    const day = rows.map((r) => (r === thin ? { ...r, change24h: 500, volume24h: 10 } : r));
    const brief = roundupBrief(date, market.updatedAt, day, "offline");
    expect(brief.topGainers.map((c) => c.id)).toEqual(
      rankMovers(day, "gainers")
        .slice(0, 3)
        .map((r) => r.coinId),
    );
    expect(brief.topLosers.map((c) => c.id)).toEqual(
      rankMovers(day, "losers")
        .slice(0, 3)
        .map((r) => r.coinId),
    );
    expect(brief.topGainers.map((c) => c.id)).not.toContain(thin.coinId);
    // The recording's ranks 251-500 (no volume recorded) are among the tabs' coins, so they may lead here too.
    const eligible = day.filter((r) => r.volume24h == null || r.volume24h >= MOVERS_MIN_VOLUME_USD);
    expect(eligible.some((r) => r.rank > 250)).toBe(true);
  });
});
