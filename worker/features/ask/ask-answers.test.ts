import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AskRefusal, AskResponse } from "#schema/contracts/ask.ts";
import type { Answerer } from "#worker/ports/llm/answer.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { ANSWER_FAILED } from "./answering.ts";
import { ask, askWith, persona, sseEvents, tamperingAnswerer } from "./test-helpers.ts";

const INVENTED = "Analysts expect it to reach $987,654.32 soon.";
const invent = (text: string) => `${text.split("\n").slice(0, 2).join("\n")}\n${INVENTED}\n${text}`;

async function trialsOf(userId: string | null) {
  const row = await env.DB.prepare("SELECT trial_queries_remaining AS t FROM subscriptions WHERE user_id = ?")
    .bind(userId)
    .first<{ t: number }>();
  return row?.t;
}

describe("Ask Coinsight answers", () => {
  it("an answer that fails the grounding check is regenerated once, then refused with assistant-plans-admin.md §8's text and the unit released", async () => {
    const member = await persona("free");
    const liar = tamperingAnswerer(invent);
    const { status, body } = await askWith<AskRefusal>(liar, member, "price_movement");
    expect(liar.calls).toBe(2);
    expect(status).toBe(503);
    expect(body.error).toMatchObject({ code: "UNAVAILABLE", message: ANSWER_FAILED });
    expect(ANSWER_FAILED).toBe("Sorry, I couldn't answer that question right now. Please try again later.");
    expect(body.subscription).toMatchObject({ trialQueriesRemaining: 2 });
    expect(await trialsOf(member.userId)).toBe(2);
  });

  it("a regenerated answer that passes is shown and counted once", async () => {
    const member = await persona("free");
    const once = tamperingAnswerer((text, call) => (call === 1 ? invent(text) : text));
    const { status, body } = await askWith<AskResponse>(once, member, "future_price");
    expect(once.calls).toBe(2);
    expect(status).toBe(200);
    expect(body.response).not.toContain("987,654");
    expect(body.subscription?.trialQueriesRemaining).toBe(1);
  });

  it("a model that fails outright refunds a premium unit and a guest's daily question", async () => {
    const down: Answerer = {
      source: "offline",
      model: "down",
      answer: () => Promise.reject(new UpstreamError("LLM endpoint answered 503", 503)),
    };
    const member = await persona("basic");
    const paid = await askWith<AskRefusal>(down, member, "social_sentiment");
    expect(paid.status).toBe(503);
    expect(paid.body.subscription).toMatchObject({ queryCount: 0, queryLimit: 30 });

    const guest = await persona("guest");
    expect((await askWith(down, guest, "about")).status).toBe(503);
    const ok = await ask<AskResponse>(guest, "about");
    // The failed question was given back: this is the guest's first counted one.
    expect(ok.body.rateLimit.remaining).toBe(4);
  });

  it("caches an answer per coin, type and data time; a cached premium answer still uses a query", async () => {
    await insertArticle({ slug: "btc-cache-test", title: "Bitcoin steadies near the top of its range", cryptoSymbol: "BTC" });
    const member = await persona("basic");
    const first = await ask<AskResponse>(member, "latest_news");
    expect(first.body.cached).toBe(false);
    const second = await ask<AskResponse>(member, "latest_news");
    expect(second.body.cached).toBe(true);
    expect(second.body.response).toBe(first.body.response);
    expect(second.body.asOf).toBe(first.body.asOf);
    expect(second.body.subscription?.queryCount).toBe(2);
    // Another member's question is served from the same entry.
    const other = await persona("pro");
    expect((await ask<AskResponse>(other, "latest_news")).body.cached).toBe(true);
  });

  it("ends every answer with its data time and sources, and answers JSON without the stream header", async () => {
    const guest = await persona("guest");
    const { res, body } = await ask<AskResponse>(guest, "about");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const last = body.response.trim().split("\n").pop();
    expect(last).toMatch(
      /^As of \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC\. Sources: \[Demo market data replayed from a CoinGecko snapshot\]\(https:\/\/www\.coingecko\.com\); Coinsight answer templates\.$/,
    );
    expect(body).toMatchObject({ success: true, questionType: "about" });
  });

  it("streams checked lines with Accept: text/event-stream and ends with the same JSON summary", async () => {
    const member = await persona("pro");
    const { res, body } = await askWith<string>(
      tamperingAnswerer((t) => t),
      member,
      "price_movement",
      "text/event-stream",
    );
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const events = sseEvents(body);
    expect(events.at(-1)?.event).toBe("done");
    const deltas = events.filter((e) => e.event === "delta").map((e) => (JSON.parse(e.data) as { text: string }).text);
    expect(deltas.length).toBeGreaterThan(3);
    const summary = JSON.parse(events.at(-1)?.data ?? "{}") as AskResponse;
    expect(deltas.join("")).toBe(summary.response);
    expect(summary).toMatchObject({ success: true, cached: false, subscription: { tier: "pro", queryCount: 1 } });
  });

  it("a stream never shows a line that failed the check: it resets and regenerates", async () => {
    const member = await persona("free");
    const { body } = await askWith<string>(
      tamperingAnswerer((text, call) => (call === 1 ? invent(text) : text)),
      member,
      "price_movement",
      "text/event-stream",
    );
    const events = sseEvents(body);
    expect(events.map((e) => e.event)).toContain("reset");
    expect(body).not.toContain("987,654");
    expect(events.at(-1)?.event).toBe("done");
  });

  it("a stream whose both attempts fail ends with the assistant-plans-admin.md §8 error and the unit back", async () => {
    const member = await persona("free");
    const { body } = await askWith<string>(tamperingAnswerer(invent), member, "price_movement", "text/event-stream");
    const events = sseEvents(body);
    const last = events.at(-1);
    expect(last?.event).toBe("error");
    expect(JSON.parse(last?.data ?? "{}")).toMatchObject({
      error: { code: "UNAVAILABLE", message: ANSWER_FAILED },
      subscription: { trialQueriesRemaining: 2 },
    });
    expect(body).not.toContain("987,654");
  });

  it("refusals stay JSON even when a stream was asked for", async () => {
    const guest = await persona("guest");
    const { res, body } = await ask<string>(guest, "future_price", "BTC", "text/event-stream");
    expect(res.status).toBe(402);
    expect(JSON.parse(body)).toMatchObject({ error: { code: "PAYMENT_REQUIRED" }, subscription: null });
  });
});
