import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AskRefusal, AskResponse, QuestionType } from "#schema/contracts/ask.ts";
import { quotaCounter } from "#worker/features/billing/index.ts";
import type { Answerer } from "#worker/ports/llm/answer.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { ANSWER_FAILED } from "./answering.ts";
import { NOT_COUNTED } from "./briefs.ts";
import { type Asker, ask, askWith, liveCoin, persona, seedHistory, seedSocial } from "./test-support.ts";

/**
 * A question Coinsight cannot answer never costs a query or a credit, in every question type. Either
 * the site holds too little to answer (refused before any model is asked, 404), or no grounded answer
 * could be written (503); both give the reserved unit back.
 */

// Its own source name, so no answer cached under the templates' name is served in its place.
const down: Answerer = {
  source: "test-down",
  model: "down",
  answer: () => Promise.reject(new UpstreamError("LLM endpoint answered 503", 503)),
};

/** A Basic member whose month is used up, with `credits` credits: every premium question here is paid by a credit. */
async function creditsOnly(credits: number): Promise<Asker & { userId: string }> {
  const member = await persona("basic");
  if (!member.userId) throw new Error("member expected");
  const counter = quotaCounter(env, member.userId);
  for (let i = 0; i < 30; i++) {
    const r = await counter.reserve(member.userId);
    if (r.ok) await counter.commit(member.userId, r.reservationId);
  }
  await counter.addCredits(member.userId, { key: `pi_refund_${member.userId}`, amount: credits });
  return { ...member, userId: member.userId };
}

const allowanceOf = async (userId: string) => {
  const s = await quotaCounter(env, userId).state(userId);
  return { queryCount: s.queryCount, credits: s.credits, trial: s.trialQueriesRemaining };
};

/** A coin of the market (rank 300) with no history, social data or coverage seeded in this file. */
let quiet: { symbol: string; name: string };

beforeAll(async () => {
  const { body } = await new BrowserAgent().json<{ symbol: string; name: string; rank: number }[]>("/api/cryptos?limit=500");
  const coin = body.find((c) => c.rank === 300);
  if (!coin) throw new Error("no coin at rank 300");
  quiet = coin;
  // Bitcoin has data for every question, so its refusals below are the model's.
  const btc = await liveCoin("BTC");
  await seedHistory(btc.id, btc.priceUsd, 30);
  await seedSocial(20);
  await insertArticle({ slug: "btc-refunds", title: "Bitcoin holds its range", categoryId: 17, cryptoSymbol: "BTC" });
});

describe("a question Coinsight cannot answer is never counted", () => {
  const noData: [QuestionType, (name: string) => string][] = [
    ["future_price", (n) => `Coinsight does not hold enough daily price history for ${n} to compute a range from its realised volatility.`],
    ["social_sentiment", (n) => `The newsroom's social data does not cover ${n} yet, so there is no sentiment reading to report.`],
    ["latest_news", (n) => `Coinsight has not published an analysis, a Daily Roundup mention or a guide about ${n} yet.`],
  ];

  it.each(noData)("%s without data: 404 with the reason, the credit kept, the answerer never asked", async (type, reason) => {
    const member = await creditsOnly(2);
    const before = await allowanceOf(member.userId);
    let asked = 0;
    const counting: Answerer = {
      source: "test-count",
      model: "count",
      answer: async () => {
        asked += 1;
        return { text: "", model: "count" };
      },
    };
    const { status, body } = await askWith<AskRefusal>(counting, member, type, "application/json", quiet.symbol);
    expect(status).toBe(404);
    expect(body.error).toMatchObject({ code: "NOT_FOUND", message: `${reason(quiet.name)} ${NOT_COUNTED}` });
    expect(body.subscription).toMatchObject({ queryCount: 30, credits: 2 });
    expect(asked).toBe(0);
    expect(await allowanceOf(member.userId)).toEqual(before);
  });

  it.each(["price_movement", "future_price", "social_sentiment", "latest_news"] as const)(
    "%s the model could not answer: 503, the credit given back",
    async (type) => {
      const member = await creditsOnly(1);
      const { status, body } = await askWith<AskRefusal>(down, member, type);
      expect(status).toBe(503);
      expect(body.error.message).toBe(ANSWER_FAILED);
      expect(body.subscription).toMatchObject({ queryCount: 30, credits: 1 });
      expect(await allowanceOf(member.userId)).toMatchObject({ queryCount: 30, credits: 1 });
    },
  );

  it("about the model could not answer: a guest's and a member's daily question given back", async () => {
    const guest = await persona("guest");
    expect((await askWith(down, guest, "about")).status).toBe(503);
    expect((await ask<AskResponse>(guest, "about")).body.rateLimit.remaining).toBe(4);
    const member = await persona("free");
    expect((await askWith(down, member, "about")).status).toBe(503);
    const ok = await ask<AskResponse>(member, "about");
    expect(ok.body.rateLimit.remaining).toBe(49);
    expect(ok.body.subscription).toMatchObject({ trialQueriesRemaining: 2 });
  });

  it("a free member's trial question without data is not spent, and a stream asked for gets the same JSON refusal", async () => {
    const member = await persona("free");
    const refused = await ask<string>(member, "social_sentiment", quiet.symbol, "text/event-stream");
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: "NOT_FOUND" }, subscription: { trialQueriesRemaining: 2 } });
    const { body } = await member.agent.json<{ subscription: { trialQueriesRemaining: number } }>("/api/user/subscription");
    expect(body.subscription.trialQueriesRemaining).toBe(2);
  });

  it("a guest asking a question without data is refused as a guest first (402): nothing is looked up for them", async () => {
    const guest = await persona("guest");
    expect((await ask(guest, "latest_news", quiet.symbol)).status).toBe(402);
  });
});
