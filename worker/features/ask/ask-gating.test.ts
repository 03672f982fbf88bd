import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type AskRefusal, type AskResponse, QUESTION_TYPES, type QuestionType } from "#schema/contracts/ask.ts";
import { quotaCounter } from "#worker/features/billing/index.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { GUEST_DAILY_LIMIT, MESSAGES } from "./gate.ts";
import { ask, liveCoin, type Persona, persona, seedHistory, seedSocial } from "./test-support.ts";

const PREMIUM = QUESTION_TYPES.filter((t) => t !== "about");

/** Expected status per persona and question (a fresh person per cell, so cells do not share allowance). */
const MATRIX: Record<Persona, Record<QuestionType, number>> = {
  guest: { about: 200, price_movement: 402, future_price: 402, social_sentiment: 402, latest_news: 402 },
  free: { about: 200, price_movement: 200, future_price: 200, social_sentiment: 200, latest_news: 200 },
  "free-spent": { about: 200, price_movement: 429, future_price: 429, social_sentiment: 429, latest_news: 429 },
  lite: { about: 200, price_movement: 200, future_price: 200, social_sentiment: 200, latest_news: 200 },
  basic: { about: 200, price_movement: 200, future_price: 200, social_sentiment: 200, latest_news: 200 },
  pro: { about: 200, price_movement: 200, future_price: 200, social_sentiment: 200, latest_news: 200 },
  inactive: { about: 200, price_movement: 402, future_price: 402, social_sentiment: 402, latest_news: 402 },
  admin: { about: 200, price_movement: 200, future_price: 200, social_sentiment: 200, latest_news: 200 },
};

describe("Ask Coinsight gating (assistant-plans-admin.md §5, §6)", () => {
  // Every question about Bitcoin has data to answer from (a question without is refused uncounted: ask-refunds.test.ts).
  beforeAll(async () => {
    const btc = await liveCoin("BTC");
    await seedHistory(btc.id, btc.priceUsd, 30);
    await seedSocial(50);
    await insertArticle({ slug: "btc-gating", title: "Bitcoin holds its range", categoryId: 17, cryptoSymbol: "BTC" });
  });

  for (const [who, row] of Object.entries(MATRIX) as [Persona, Record<QuestionType, number>][]) {
    it(`${who}: ${QUESTION_TYPES.map((t) => `${t} ${row[t]}`).join(", ")}`, async () => {
      for (const type of QUESTION_TYPES) {
        const asker = await persona(who);
        const { status, body } = await ask<AskResponse & AskRefusal>(asker, type);
        expect(status, `${who} ${type}`).toBe(row[type]);
        if (status === 200) {
          expect(body.success).toBe(true);
          expect(body.response).toMatch(/As of \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC\. Sources: .+\.$/);
          // Guests and admins have no plan to show; members get theirs after the answer.
          expect(body.subscription === null).toBe(who === "guest" || who === "admin");
        } else {
          expect(body.error).toMatchObject({ code: status === 402 ? "PAYMENT_REQUIRED" : "RATE_LIMITED" });
          expect(typeof body.error.requestId).toBe("string");
          expect("subscription" in body).toBe(true);
        }
      }
    });
  }

  it("402 and 429 bodies carry the plan and assistant-plans-admin.md §8's texts", async () => {
    const guest = await persona("guest");
    expect((await ask<AskRefusal>(guest, "future_price")).body).toEqual({
      error: { code: "PAYMENT_REQUIRED", message: MESSAGES.guestPremium, requestId: expect.any(String) },
      subscription: null,
    });

    const spent = await persona("free-spent");
    const trial = await ask<AskRefusal>(spent, "price_movement");
    expect(trial.status).toBe(429);
    expect(trial.body.error.message).toBe(MESSAGES.trialUsed);
    expect(trial.body.error.message).toContain("Please subscribe for more queries.");
    expect(trial.body.subscription).toMatchObject({ tier: "free", trialQueriesRemaining: 0, status: "active" });

    const inactive = await persona("inactive");
    const refused = await ask<AskRefusal>(inactive, "latest_news");
    expect(refused.body.error.message).toBe(MESSAGES.inactive);
    expect(refused.body.subscription).toMatchObject({ tier: "basic", status: "past_due" });

    const basic = await persona("basic");
    if (!basic.userId) throw new Error("member expected");
    const counter = quotaCounter(env, basic.userId);
    for (let i = 0; i < 30; i++) {
      const r = await counter.reserve(basic.userId);
      if (r.ok) await counter.commit(basic.userId, r.reservationId);
    }
    const monthly = await ask<AskRefusal>(basic, "social_sentiment");
    expect(monthly.status).toBe(429);
    expect(monthly.body.error.message).toBe("Monthly query limit exceeded. Upgrade or wait until next month.");
    expect(monthly.body.subscription).toMatchObject({ tier: "basic", queryCount: 30, queryLimit: 30 });
  });

  it("a free member's two trial queries are spent once each, and D1 shows it", async () => {
    const member = await persona("free");
    const first = await ask<AskResponse>(member, "price_movement");
    expect(first.body.subscription).toMatchObject({ tier: "free", trialQueriesRemaining: 1 });
    expect(first.body.rateLimit).toEqual({ remaining: 1, resetTime: null });
    const second = await ask<AskResponse>(member, "future_price");
    expect(second.body.subscription?.trialQueriesRemaining).toBe(0);
    expect((await ask(member, "latest_news")).status).toBe(429);
    // `about` stays free.
    expect((await ask(member, "about")).status).toBe(200);
    const row = await env.DB.prepare("SELECT trial_queries_remaining AS t FROM subscriptions WHERE user_id = ?")
      .bind(member.userId)
      .first<{ t: number }>();
    expect(row?.t).toBe(0);
    const { body } = await member.agent.json<{ subscription: { trialQueriesRemaining: number } }>("/api/user/subscription");
    expect(body.subscription.trialQueriesRemaining).toBe(0);
  });

  it("paid plans count this month's queries (Lite included); admins are never counted", async () => {
    const lite = await persona("lite");
    const a = await ask<AskResponse>(lite, "price_movement");
    expect(a.body.subscription).toMatchObject({ tier: "lite", queryCount: 1, queryLimit: 15 });
    expect(a.body.rateLimit).toEqual({ remaining: 14, resetTime: "2026-12-01T00:00:00.000Z" });

    const admin = await persona("admin");
    for (const type of PREMIUM) {
      const r = await ask<AskResponse>(admin, type);
      expect(r.body.rateLimit).toEqual({ remaining: null, resetTime: null });
    }
    const row = await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE user_id = ? AND query_count > 0")
      .bind(admin.userId)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });

  it(`guests get ${GUEST_DAILY_LIMIT} about questions a day per address, then assistant-plans-admin.md §8's daily-limit text`, async () => {
    const guest = await persona("guest");
    const answers = [];
    for (let i = 0; i < GUEST_DAILY_LIMIT; i++) answers.push(await ask<AskResponse>(guest, "about"));
    expect(answers.map((a) => a.status)).toEqual(Array(GUEST_DAILY_LIMIT).fill(200));
    expect(answers.map((a) => a.body.rateLimit.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect(answers[0]?.body.rateLimit.resetTime).toMatch(/T00:00:00\.000Z$/);
    const over = await ask<AskRefusal>(guest, "about");
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: "Daily limit reached. Sign in for standard queries or subscribe for enhanced features with higher limits.",
        requestId: expect.any(String),
      },
      subscription: null,
    });
    // Another address is another guest.
    expect((await ask({ ...guest, ip: "192.0.2.200" }, "about")).status).toBe(200);
  });

  it("validates the body and the coin before counting anything", async () => {
    const member = await persona("free");
    const bad = await member.agent.json<AskRefusal>("/api/ask-coinsight", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ coinSymbol: "BTC", coinName: "Bitcoin", questionType: "moon_soon" }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("BAD_REQUEST");
    const unknown = await ask<AskRefusal>(member, "price_movement", "NOSUCHCOIN");
    expect(unknown.status).toBe(404);
    const { body } = await member.agent.json<{ subscription: { trialQueriesRemaining: number } }>("/api/user/subscription");
    expect(body.subscription.trialQueriesRemaining).toBe(2);
  });

  it("refuses a cross-site POST (same-origin guard)", async () => {
    const member = await persona("free");
    const res = await member.agent.fetch("/api/ask-coinsight", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ coinSymbol: "BTC", coinName: "Bitcoin", questionType: "about" }),
      site: "cross-site",
      from: "https://evil.example",
    });
    expect(res.status).toBe(403);
  });
});
