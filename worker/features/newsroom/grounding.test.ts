import { describe, expect, it } from "vitest";
import { checkClaims, renderClaims } from "#worker/lib/grounding/index.ts";
import { createOfflineWriter } from "#worker/ports/llm/offline.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { claimInput, rankByMomentum, roundupBrief, trendingBrief } from "./briefs.ts";
import { checkDraft, renderDraft } from "./publish.ts";
import { BANDS, buildRows, toMarketInput } from "./snapshots.ts";
import { fixedMarket } from "./testing.ts";

async function dayRows(date: string) {
  const market = await fixedMarket(Date.parse(`${date}T05:59:30Z`));
  const inputs = market.coins.slice(0, 500).map(toMarketInput);
  const metrics = await createOfflineSentiment().fetchMetrics(inputs, date);
  return buildRows(date, inputs, metrics, { source: "offline", marketAsOf: market.updatedAt, fetchedAt: `${date}T06:00:00.000Z` });
}

describe("the template writer against the claim check", () => {
  it("passes on every band's picks and the roundup, over several days", async () => {
    const writer = createOfflineWriter();
    for (const date of ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"]) {
      const rows = await dayRows(date);
      const roundup = roundupBrief(date, rows[0]?.marketAsOf ?? "", rows, "offline");
      const draft = await writer.write(roundup);
      expect(checkDraft(roundup, draft).problems, `${date} roundup`).toEqual([]);
      for (const [label, band] of Object.entries(BANDS)) {
        const inBand = rows.filter((r) => r.rank >= band.from && r.rank <= band.to);
        for (const row of rankByMomentum(inBand).slice(0, 6)) {
          const brief = trendingBrief(date, row, { ...band, label }, inBand);
          const d = await writer.write(brief);
          expect(checkDraft(brief, d).problems, `${date} ${row.coinId}`).toEqual([]);
          const shown = renderDraft(brief, d);
          expect(`${shown.title} ${shown.excerpt} ${shown.body}`).not.toMatch(/\{\{|\}\}/);
        }
      }
    }
  }, 60_000);

  it("writes a change without its sign after a direction word, and with it otherwise", async () => {
    const rows = await dayRows("2026-11-06");
    const btc = rows.find((r) => r.coinId === "bitcoin");
    if (!btc) throw new Error("no bitcoin");
    const brief = trendingBrief("2026-11-06", btc, { ...BANDS["1-100"], label: "1-100" }, rows.slice(0, 100));
    const change = brief.coin.change24h;
    if (!change) throw new Error("no change");
    const verb = change.value >= 0 ? "rose" : "fell";
    const input = claimInput(brief);
    expect(renderClaims(`Bitcoin ${verb} {{bitcoin.change_24h}} today.`, input)).toBe(
      `Bitcoin ${verb} ${change.display.replace(/^[+-]/, "")} today.`,
    );
    expect(renderClaims("Bitcoin: {{bitcoin.change_24h}} today.", input)).toBe(`Bitcoin: ${change.display} today.`);
    expect(checkClaims(`Bitcoin ${verb === "rose" ? "fell" : "rose"} {{bitcoin.change_24h}} today.`, input).ok).toBe(false);
  });
});
