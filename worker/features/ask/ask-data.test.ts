import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CATEGORY } from "#schema/contracts/article-rules.ts";
import type { AskRefusal, AskResponse, StoredAnswers } from "#schema/contracts/ask.ts";
import type { SubscriptionResponse } from "#schema/contracts/auth.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { findCoverage, lineAbout, mentions } from "./coverage.ts";
import { ask, liveCoin, persona, seedHistory } from "./test-support.ts";
import { dayRange, realisedVolatility } from "./volatility.ts";

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
const dayOf = (iso: string) => Math.floor(at(iso) / DAY);

describe("future_price: the most recent run of held daily closes", () => {
  it("measures an old run when nothing recent is held, and names its days", () => {
    const april = Array.from({ length: 30 }, (_, i) => ({ day: dayOf("2026-04-01") + i, price: 100 * Math.exp(i % 2 ? 0.02 : -0.02) }));
    const v = realisedVolatility(april, { day: dayOf("2026-11-27"), price: 90 });
    expect(v).toMatchObject({ returns: 29, fromDay: dayOf("2026-04-01"), toDay: dayOf("2026-04-30") });
    expect(dayRange(v?.fromDay ?? 0, v?.toDay ?? 0)).toBe("1–30 April 2026");
  });

  it("prefers the recent run that reaches today, takes at most 31 closes, and skips a run too short", () => {
    const old = Array.from({ length: 40 }, (_, i) => ({ day: 100 + i, price: 100 + (i % 3) }));
    const recent = Array.from({ length: 5 }, (_, i) => ({ day: 200 + i, price: 50 + (i % 2) }));
    // Five recent closes and today are 5 returns: too few, so the older run is measured.
    expect(realisedVolatility([...old, ...recent], { day: 205, price: 50 })).toMatchObject({ fromDay: 109, toDay: 139, returns: 30 });
    const longer = Array.from({ length: 12 }, (_, i) => ({ day: 200 + i, price: 50 + (i % 2) }));
    expect(realisedVolatility([...old, ...longer], { day: 212, price: 50 })).toMatchObject({ fromDay: 200, toDay: 212, returns: 12 });
    // A weekend without data does not end a run; a week does.
    const gappy = [...Array.from({ length: 8 }, (_, i) => ({ day: 300 + i, price: 10 + (i % 2) })), { day: 310, price: 10 }];
    expect(realisedVolatility(gappy, { day: 313, price: 10 })).toMatchObject({ fromDay: 300, toDay: 313 });
    expect(realisedVolatility(gappy, { day: 330, price: 10 })).toMatchObject({ fromDay: 300, toDay: 310 });
    expect(realisedVolatility(recent, { day: 205, price: 50 })).toBeNull();
  });

  it("answers from April's closes in November, and says so", async () => {
    const eth = await liveCoin("ETH");
    await seedHistory(eth.id, eth.priceUsd, 30, at("2026-05-01T12:00:00Z"));
    const member = await persona("pro");
    const { status, body } = await ask<AskResponse>(member, "future_price", "ETH");
    expect(status).toBe(200);
    expect(body.response).toContain("measured on daily closes 1–30 April 2026");
    expect(body.response).toContain("Measured on daily closes 1–30 April 2026, its realised volatility was");
    expect(body.response).not.toContain("daily closes daily closes");
    expect(body.response).toContain("Coinsight price history (daily closes 1–30 April 2026)");
    expect(body.subscription).toMatchObject({ queryCount: 1 });
  });

  it("refuses uncounted when the only run is too short", async () => {
    const sol = await liveCoin("SOL");
    await seedHistory(sol.id, sol.priceUsd, 5, at("2026-06-01T12:00:00Z"));
    const member = await persona("pro");
    const { status, body } = await ask<AskRefusal>(member, "future_price", "SOL");
    expect(status).toBe(404);
    expect(body.subscription).toMatchObject({ queryCount: 0 });
  });
});

describe("latest_news: the site's own coverage of the coin", () => {
  it("finds the coin's analyses, roundups that mention it and guides about it; news newest first, then guides", async () => {
    const now = Date.now();
    const ago = (h: number) => new Date(now - h * 3_600_000).toISOString();
    const c = { content: "Markets were calm.", excerpt: "A calm day." };
    await insertArticle({
      ...c,
      slug: "ada-analysis",
      title: "Cardano leads the 101-300 band",
      categoryId: CATEGORY.trendingAnalysis,
      cryptoSymbol: "ADA",
      publishedAt: ago(30),
    });
    await insertArticle({
      ...c,
      slug: "roundup-mentions",
      title: "Daily Roundup: a quiet Tuesday",
      categoryId: CATEGORY.dailyRoundup,
      content: "Bitcoin held firm while Cardano (ADA) rose.",
      publishedAt: ago(2),
    });
    await insertArticle({
      ...c,
      slug: "roundup-ticker",
      title: "Daily Roundup: Monday",
      categoryId: CATEGORY.dailyRoundup,
      content: "Among the top movers, ADA gained.",
      publishedAt: ago(26),
    });
    await insertArticle({
      ...c,
      slug: "roundup-other",
      title: "Daily Roundup: Sunday",
      categoryId: CATEGORY.dailyRoundup,
      content: "Bitcoin and Ether led; cardanos are plants.",
      publishedAt: ago(50),
    });
    await insertArticle({
      ...c,
      slug: "roundup-draft",
      title: "Daily Roundup: draft",
      categoryId: CATEGORY.dailyRoundup,
      content: "Cardano rose.",
      status: "draft",
      publishedAt: ago(1),
    });
    await insertArticle({
      ...c,
      slug: "what-is-cardano",
      title: "What Is Cardano?",
      categoryId: CATEGORY.gettingStarted,
      // A guide names its coin (as what-is-bitcoin.md does): it is still a guide, listed once, never an analysis.
      cryptoSymbol: "ADA",
      publishedAt: ago(24 * 60),
    });
    await insertArticle({
      ...c,
      slug: "wallets",
      title: "Hardware vs software wallets",
      categoryId: CATEGORY.securitySafety,
      content: "Cardano wallets exist.",
      publishedAt: ago(24 * 50),
    });

    const items = await findCoverage(env.DB, { name: "Cardano", symbol: "ADA" }, now);
    expect(items.map((i) => [i.kind, i.path])).toEqual([
      ["roundup", "/article/roundup-mentions"],
      ["roundup", "/article/roundup-ticker"],
      ["analysis", "/article/ada-analysis"],
      ["guide", "/crypto-101/what-is-cardano"],
    ]);

    const member = await persona("basic");
    const { status, body } = await ask<AskResponse>(member, "latest_news", "ADA");
    expect(status).toBe(200);
    const lines = (body.response.split("**In short**")[0] ?? "").split("\n").filter((l) => l.startsWith("- "));
    expect(lines[0]).toMatch(
      /^- Mentioned in \[Daily Roundup: a quiet Tuesday\]\(\/article\/roundup-mentions\) \(\d{1,2} [A-Z][a-z]+ \d{4}\)$/,
    );
    expect(lines.at(-1)).toMatch(/^- Crypto 101 guide: \[What Is Cardano\?\]\(\/crypto-101\/what-is-cardano\) \(/);
    expect(body.response).toContain("Coinsight Crypto 101 guides");
  });

  it("summarises what the site wrote about the coin asked: its own roundup line, never the roundup's Bitcoin summary; charged once", async () => {
    const hour = 3_600_000;
    await insertArticle({
      slug: "roundup-hype-line",
      title: "Daily Crypto Roundup: Bitcoin slips as 58 of the top 100 coins rise",
      excerpt: "Bitcoin slipped 1.18% to $71,250.00 while most of the top 100 rose.",
      categoryId: CATEGORY.dailyRoundup,
      content: [
        "Bitcoin slipped 1.18% to $71,250.00, leaving it down 1.60% on the week.",
        "",
        "The strongest gains in the top 100 came from:",
        "",
        "- **Zcash (ZEC)**, ranked #15, rose 12.22% to $501.63",
        "- **Hyperliquid (HYPE)**, ranked #12, climbed 6.40% to $41.20",
        "",
        "---",
        "",
        "*Data as of 28 November 2026, 06:00 UTC.*",
      ].join("\n"),
      publishedAt: new Date(Date.now() - hour).toISOString(),
    });
    const member = await persona("basic");
    const { status, body } = await ask<AskResponse>(member, "latest_news", "HYPE");
    expect(status).toBe(200);
    const inShort = (text: string) => (text.split("**In short**\n")[1] ?? "").split("\n\n")[0];
    expect(inShort(body.response)).toBe("- Hyperliquid (HYPE), ranked #12, climbed 6.40% to $41.20");
    expect(body.response).not.toContain("Bitcoin slipped");
    expect(body.response).not.toContain("Zcash");
    expect(body.response).toMatch(
      /- Mentioned in \[Daily Crypto Roundup: Bitcoin slips as 58 of the top 100 coins rise\]\(\/article\/roundup-hype-line\)/,
    );
    expect(body.subscription).toMatchObject({ queryCount: 1 });

    // Its own analysis, newer, is summarised too: one line per kind, each about Hyperliquid.
    await insertArticle({
      slug: "hype-analysis",
      title: "Hyperliquid leads social momentum in the top 100",
      excerpt: "Hyperliquid drew the most social attention of the band today.",
      categoryId: CATEGORY.trendingAnalysis,
      cryptoSymbol: "HYPE",
      content: "Hyperliquid drew the most social attention.",
      publishedAt: new Date(Date.now() - hour / 2).toISOString(),
    });
    const again = await ask<AskResponse>(await persona("basic"), "latest_news", "HYPE");
    expect(inShort(again.body.response)?.split("\n")).toEqual([
      "- Hyperliquid drew the most social attention of the band today.",
      "- Hyperliquid (HYPE), ranked #12, climbed 6.40% to $41.20",
    ]);
  });

  it("charges nothing and says so plainly when the only 'mention' is another coin's longer name or the footer", async () => {
    await insertArticle({
      slug: "roundup-aster-usdf",
      title: "Daily Crypto Roundup: a calm Friday",
      excerpt: "Bitcoin barely moved.",
      categoryId: CATEGORY.dailyRoundup,
      content: "Bitcoin barely moved. Aster USDF held its peg.\n\n---\n\n**Sources:** Aster notes",
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const aster = await liveCoin("ASTER");
    const items = await findCoverage(env.DB, { name: aster.name, symbol: "ASTER" }, Date.now());
    expect(items.map((i) => i.path)).not.toContain("/article/roundup-aster-usdf");
    const member = await persona("basic");
    const { status, body } = await ask<AskRefusal>(member, "latest_news", "ASTER");
    expect(status).toBe(404);
    expect(body.error.message).toBe(
      `Coinsight has not published an analysis, a Daily Roundup mention or a guide about ${aster.name} yet. This question was not counted.`,
    );
    expect(body.subscription).toMatchObject({ queryCount: 0 });
  });

  it("finds the coin's own line: the first sentence that names it, body first, Markdown dropped", () => {
    const hype = { name: "Hyperliquid", symbol: "HYPE" };
    const roundup = {
      title: "Daily Roundup",
      excerpt: "Bitcoin fell. Hyperliquid was in the excerpt.",
      content: "Bitcoin fell 1%. **Hyperliquid** rose 6% on the day, per [CoinGecko](https://www.coingecko.com). Then more.\n\n---\n\nHYPE",
    };
    expect(lineAbout(roundup, hype)).toBe("Hyperliquid rose 6% on the day, per CoinGecko.");
    expect(lineAbout({ ...roundup, content: "Bitcoin fell.\n\n---\n\nHYPE in the sources" }, hype)).toBe("Hyperliquid was in the excerpt.");
    expect(lineAbout({ title: "t", excerpt: "", content: "Bitcoin Cash rose." }, { name: "Bitcoin", symbol: "BTC" })).toBeNull();
    expect(
      lineAbout({ title: "t", excerpt: "", content: "Bitcoin Cash rose, and so did Bitcoin." }, { name: "Bitcoin", symbol: "BTC" }),
    ).toBe("Bitcoin Cash rose, and so did Bitcoin.");
  });

  it("reads a mention as the coin's name as a word, or its ticker in capitals", () => {
    const btc = { name: "Bitcoin", symbol: "BTC" };
    expect(mentions("Bitcoin rose.", btc)).toBe(true);
    expect(mentions("BTC rose.", btc)).toBe(true);
    expect(mentions("btc rose, wbtc too.", btc)).toBe(false);
    expect(mentions("Bitcoiners cheered.", btc)).toBe(false);
    expect(mentions("Tether rose.", { name: "Ethereum", symbol: "ETH" })).toBe(false);
    // Two-letter tickers are too ambiguous in running text.
    expect(mentions("OP rose.", { name: "Optimism", symbol: "OP" })).toBe(false);
  });
});

describe("kept answers: readable again for 24 hours, for free", () => {
  it("keeps the member's last answer per coin and question; reading it back costs nothing; others never see it", async () => {
    const btc = await liveCoin("BTC");
    await seedHistory(btc.id, btc.priceUsd, 30);
    const member = await persona("basic");
    const first = await ask<AskResponse>(member, "future_price");
    const between = new Date().toISOString();
    const second = await ask<AskResponse>(member, "future_price");
    await ask<AskResponse>(member, "about");
    expect(second.body.subscription).toMatchObject({ queryCount: 2 });

    const kept = await member.agent.json<StoredAnswers>("/api/ask-coinsight/answers?symbol=btc");
    expect(kept.status).toBe(200);
    expect(kept.body.answers.map((a) => a.questionType).sort()).toEqual(["about", "future_price"]);
    expect(kept.body.answers.find((a) => a.questionType === "future_price")).toMatchObject({
      response: second.body.response,
      asOf: second.body.asOf,
    });
    expect(first.body.response).toBe(second.body.response);
    // The same answer asked again rewrites nothing: the row keeps the first ask's time.
    expect(String(kept.body.answers.find((a) => a.questionType === "future_price")?.answeredAt) < between).toBe(true);
    const after = await member.agent.json<SubscriptionResponse>("/api/user/subscription");
    expect(after.body.subscription.queryCount).toBe(2);

    const other = await persona("pro");
    expect((await other.agent.json<StoredAnswers>("/api/ask-coinsight/answers?symbol=BTC")).body.answers).toEqual([]);
    const guest = await persona("guest");
    expect((await guest.agent.fetch("/api/ask-coinsight/answers?symbol=BTC")).status).toBe(401);
    expect((await member.agent.fetch("/api/ask-coinsight/answers?symbol=%3Cscript%3E")).status).toBe(400);
  });

  it("serves nothing older than a day", async () => {
    const member = await persona("pro");
    await env.DB.prepare(
      "INSERT INTO ask_answers (user_id, symbol, question_type, response, as_of, answered_at) VALUES (?, 'BTC', 'about', 'old', ?, ?)",
    )
      .bind(member.userId, new Date(Date.now() - 2 * DAY).toISOString(), new Date(Date.now() - 25 * 3_600_000).toISOString())
      .run();
    expect((await member.agent.json<StoredAnswers>("/api/ask-coinsight/answers?symbol=BTC")).body.answers).toEqual([]);
  });
});

describe("the premium role: complimentary Pro-level Ask access", () => {
  it("a premium member asks on Pro's monthly allowance, shown as complimentary, and never has 0/2 trials", async () => {
    const member = await persona("free");
    await env.DB.prepare("UPDATE users SET role = 'premium' WHERE id = ?").bind(member.userId).run();
    const plan = await member.agent.json<SubscriptionResponse>("/api/user/subscription");
    expect(plan.body.subscription).toMatchObject({ tier: "pro", complimentary: true, queryLimit: 80, queryCount: 0, status: "active" });
    const { status, body } = await ask<AskResponse>(member, "price_movement");
    expect(status).toBe(200);
    expect(body.subscription).toMatchObject({ tier: "pro", complimentary: true, queryCount: 1, trialQueriesRemaining: 2 });
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(member.userId).run();
    const back = await member.agent.json<SubscriptionResponse>("/api/user/subscription");
    expect(back.body.subscription).toMatchObject({ tier: "free", complimentary: false, trialQueriesRemaining: 2 });
  });
});
