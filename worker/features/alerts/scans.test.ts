import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertArticle } from "#worker/test/articles.ts";
import { scanArticles, scanSentiment } from "./scans.ts";
import { eventsOf, makeAlert, makeMember, sentimentRow } from "./test-support.ts";

const COINS = new Map([
  ["ETH", { id: "ethereum", symbol: "ETH", name: "Ethereum" }],
  ["SOL", { id: "solana", symbol: "SOL", name: "Solana" }],
]);

describe("new-article alerts", () => {
  it("fire once per article about the coin published after the alert, from the first scan on", async () => {
    const m = await makeMember();
    const start = Date.parse("2026-11-26T08:00:00.000Z");
    await insertArticle({ cryptoSymbol: "eth", publishedAt: "2026-11-26T07:00:00.000Z", slug: "before-first-scan" });
    expect(await scanArticles(env.DB, COINS, start)).toEqual([]);
    const id = await makeAlert(m.id, { kind: "new_article", threshold: 0, coinId: "ethereum", symbol: "ETH" });
    await env.DB.prepare("UPDATE alerts SET created_at = '2026-11-26T08:00:00.000Z' WHERE id = ?1").bind(id).run();
    await insertArticle({ cryptoSymbol: "ETH", publishedAt: "2026-11-26T08:10:00.000Z", slug: "eth-analysis", title: "Ethereum in focus" });
    await insertArticle({ cryptoSymbol: "SOL", publishedAt: "2026-11-26T08:11:00.000Z", slug: "sol-analysis" });
    await insertArticle({ cryptoSymbol: "ETH", publishedAt: "2026-11-26T08:12:00.000Z", slug: "eth-draft", status: "draft" });
    await insertArticle({ cryptoSymbol: "ETH", publishedAt: "2026-11-26T09:00:00.000Z", slug: "eth-scheduled" });
    // A Crypto 101 guide that names its coin is not news about it.
    await insertArticle({ cryptoSymbol: "ETH", publishedAt: "2026-11-26T08:13:00.000Z", slug: "what-is-ethereum", categoryId: 20 });
    const found = await scanArticles(env.DB, COINS, Date.parse("2026-11-26T08:15:00.000Z"));
    expect(found.map((e) => e.href)).toEqual(["/article/eth-analysis"]);
    expect(found[0]?.title).toBe("New article on ETH: Ethereum in focus");
    // The next minute finds nothing new; the scheduled article fires once it is public.
    expect(await scanArticles(env.DB, COINS, Date.parse("2026-11-26T08:16:00.000Z"))).toEqual([]);
    const later = await scanArticles(env.DB, COINS, Date.parse("2026-11-26T09:01:00.000Z"));
    expect(later.map((e) => e.href)).toEqual(["/article/eth-scheduled"]);
    expect((await eventsOf(m.id)).map((e) => e.title)).toHaveLength(2);
  });
});

describe("sentiment alerts", () => {
  it("fire when the newest day moved by at least N points from the day before, once per day, band by band", async () => {
    const m = await makeMember();
    const eth = await makeAlert(m.id, { kind: "sentiment_shift", threshold: 10, coinId: "ethereum", symbol: "ETH" });
    await makeAlert(m.id, { kind: "sentiment_shift", threshold: 20, coinId: "solana", symbol: "SOL" });
    await sentimentRow("2026-11-25", "ethereum", "ETH", 60);
    await sentimentRow("2026-11-25", "solana", "SOL", 50, 5);
    expect(await scanSentiment(env.DB)).toEqual([]);
    // Today's first band: ETH (rank 2) moved 12 points.
    await sentimentRow("2026-11-26", "ethereum", "ETH", 72);
    const first = await scanSentiment(env.DB);
    expect(first.map((e) => e.title)).toEqual(["ETH sentiment rose 12 points"]);
    expect(first[0]?.body).toBe(
      "Ethereum's social sentiment went from 60 on 25 Nov 2026 to 72 of 100 on 26 Nov 2026 (your alert: 10 points), as of 26 Nov 2026, 06:01 UTC.",
    );
    expect(await scanSentiment(env.DB)).toEqual([]);
    // A later band lands: SOL moved 15 (< 20), nothing fires, ETH is not recorded twice.
    await sentimentRow("2026-11-26", "solana", "SOL", 35, 300);
    expect(await scanSentiment(env.DB)).toEqual([]);
    expect((await eventsOf(m.id)).map((e) => e.alert_id)).toEqual([eth]);
  });
});
