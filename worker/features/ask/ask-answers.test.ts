import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { AskRefusal, AskResponse, AskStreamEvent } from "#schema/contracts/ask.ts";
import { QUESTION_TYPES } from "#schema/contracts/ask.ts";
import type { Answerer } from "#worker/ports/llm/answer.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { ANSWER_FAILED, RANGE_LABEL, rangeLabel } from "./answering.ts";
import { checkAnswer } from "./grounding.ts";
import { ask, askWith, liveCoin, persona, seedHistory, seedSocial, sseEvents, tamperingAnswerer } from "./test-support.ts";
import { periodOf } from "./volatility.ts";

const INVENTED = "Bitcoin changed hands at $987,654.32 an hour ago.";
/** The offline answer with a typed figure after its first two lines. */
const invent = (text: string) => `${text.split("\n").slice(0, 2).join("\n")}\n${INVENTED}\n${text}`;

async function trialsOf(userId: string | null) {
  const row = await env.DB.prepare("SELECT trial_queries_remaining AS t FROM subscriptions WHERE user_id = ?")
    .bind(userId)
    .first<{ t: number }>();
  return row?.t;
}

describe("Ask Coinsight answers", () => {
  // Bitcoin has a month of daily closes and today's social snapshot; other coins have neither.
  beforeAll(async () => {
    const btc = await liveCoin("BTC");
    await seedHistory(btc.id, btc.priceUsd, 30);
    await seedSocial(50);
  });

  it("a figure typed outside a citation, even the right one, is regenerated once, then refused with assistant-plans-admin.md §8's text and the unit released", async () => {
    const member = await persona("free");
    const typist = tamperingAnswerer((text, _call, brief) => text.replaceAll("{{bitcoin.price}}", brief.named.price?.display ?? "$1"));
    const { status, body } = await askWith<AskRefusal>(typist, member, "price_movement");
    expect(typist.calls).toBe(2);
    expect(status).toBe(503);
    expect(body.error).toMatchObject({ code: "UNAVAILABLE", message: ANSWER_FAILED });
    expect(ANSWER_FAILED).toBe("Sorry, I couldn't answer that question right now. Please try again later.");
    expect(body.subscription).toMatchObject({ trialQueriesRemaining: 2 });
    expect(await trialsOf(member.userId)).toBe(2);
  });

  // The old figure check compared values only, so a right number about the wrong coin or period passed.
  it.each([
    [
      "the wrong period",
      (t: string) => t.replace("Last 24 hours: {{bitcoin.change_24h}}", "Last 24 hours: {{bitcoin.change_7d}}"),
      /7-day change, but the sentence says 24 hours/,
    ],
    [
      "the wrong coin",
      (t: string) => `${t}\nEthereum moved {{bitcoin.change_24h}} over 24 hours.`,
      /"Ethereum": a coin that is not in the brief/,
    ],
  ])("a figure cited for %s is refused and the unit released", async (_what, tamper, problem) => {
    const member = await persona("basic");
    let checked: string[] = [];
    const liar = tamperingAnswerer((text, _call, brief) => {
      const out = tamper(text);
      checked = checkAnswer(out, brief).problems;
      return out;
    });
    const { status, body } = await askWith<AskRefusal>(liar, member, "price_movement");
    expect(liar.calls).toBe(2);
    expect(checked.join("\n")).toMatch(problem);
    expect(status).toBe(503);
    expect(body).toMatchObject({ error: { message: ANSWER_FAILED }, subscription: { queryCount: 0 } });
  });

  it("every question type's offline answer passes the check and reads as plain text, then the server's label and footer", async () => {
    const member = await persona("pro");
    await insertArticle({ slug: "btc-answer-types", title: "Bitcoin steadies after a 3% swing", cryptoSymbol: "BTC" });
    const answers: Record<string, string> = {};
    // The templates under a source of their own, so the answers cached here are not served to other tests.
    const templates = tamperingAnswerer((t) => t);
    for (const type of QUESTION_TYPES) {
      const { status, body } = await askWith<AskResponse>(templates, member, type);
      expect(status, type).toBe(200);
      answers[type] = body.response;
      expect(body.response, type).not.toMatch(/\{\{|\}\}/);
      expect(body.response.split("\n")[0], type).toMatch(/^## /);
      expect(body.response.trim().split("\n").pop(), type).toMatch(/^As of \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC\. Sources: .+\.$/);
    }
    expect(answers.about).toMatch(/Bitcoin is ranked #1 by market capitalisation, with a market cap of \$[\d.]+ trillion\./);
    expect(answers.price_movement).toMatch(/- Last 24 hours: [+-]\d+\.\d\d%/);
    expect(answers.latest_news).toContain("[Bitcoin steadies after a 3% swing](/article/btc-answer-types)");
    // The range is labelled a statistical range, with the days it was measured over; no other answer carries the label.
    expect(answers.future_price).toMatch(/\n\n\*\*A statistical range, not a forecast or advice\.\*\* .+ measured on daily closes \d/);
    for (const type of QUESTION_TYPES.filter((t) => t !== "future_price")) expect(answers[type]).not.toContain("not a forecast");
    // A cited text is written in whole after the template's words: no phrase reads twice ("daily closes daily closes").
    expect(answers.future_price).toMatch(/Measured on daily closes \d/);
    for (const type of QUESTION_TYPES) expect(answers[type], type).not.toMatch(/\b(\w+(?: \w+)*) \1\b/i);
  });

  it("future_price with a price history: the ranges, then the server's 'statistical range, not a forecast or advice' label", async () => {
    const pro = await persona("pro");
    const { body } = await askWith<AskResponse>(
      tamperingAnswerer((t) => t),
      pro,
      "future_price",
    );
    expect(body.response).toMatch(/- \$[\d,.]+ to \$[\d,.]+ over the next 7 days\n- \$[\d,.]+ to \$[\d,.]+ over the next 30 days/);
    expect(RANGE_LABEL).toMatch(/^\*\*A statistical range, not a forecast or advice\.\*\*/);
    // The 30 seeded closes before today, then today's price.
    const today = Math.floor(Date.now() / 86_400_000);
    expect(body.response).toContain(`\n\n${rangeLabel(periodOf({ fromDay: today - 30, toDay: today }))}\n\nAs of `);
    expect(body.response).toMatch(/Sources: .*Coinsight price history \(daily closes \d/);
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
      /^As of \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC\. Sources: \[Demo market data replayed from CoinGecko figures recorded \d{1,2} \w+ \d{4}\]\(https:\/\/www\.coingecko\.com\); Coinsight answer templates\.$/,
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
    const deltas = events.flatMap((e) => (e.event === "delta" ? [e.data.text] : []));
    expect(deltas.length).toBeGreaterThan(3);
    const summary = events.at(-1)?.data as AskResponse;
    expect(deltas.join("")).toBe(summary.response);
    expect(summary).toMatchObject({ success: true, cached: false, subscription: { tier: "pro", queryCount: 1 } });
  });

  it("a stream never shows an unchecked line: lines go out checked and rendered until one fails, then it resets and regenerates", async () => {
    const member = await persona("free");
    const { body } = await askWith<string>(
      tamperingAnswerer((text, call) => (call === 1 ? invent(text) : text)),
      member,
      "price_movement",
      "text/event-stream",
    );
    const events = sseEvents(body);
    const reset = events.findIndex((e) => e.event === "reset");
    expect(reset).toBeGreaterThan(0);
    const text = (e: AskStreamEvent) => (e.event === "delta" ? e.data.text : "");
    const before = events.slice(0, reset).map(text);
    const after = events
      .slice(reset + 1)
      .filter((e) => e.event === "delta")
      .map(text);
    // The two lines before the typed figure were shown, each with its figures written in; the bad line never was.
    expect(before).toHaveLength(2);
    expect(before[0]).toBe("## How Bitcoin has moved\n");
    for (const line of [...before, ...after]) {
      expect(line).not.toMatch(/\{\{|\}\}/);
      expect(line).not.toContain("987,654");
    }
    const summary = events.at(-1)?.data as AskResponse;
    expect(events.at(-1)?.event).toBe("done");
    expect(after.join("")).toBe(summary.response);
    expect(summary.response.startsWith(before.join(""))).toBe(true);
  });

  it("a stream whose both attempts fail ends with the assistant-plans-admin.md §8 error and the unit back", async () => {
    const member = await persona("free");
    const { body } = await askWith<string>(tamperingAnswerer(invent), member, "price_movement", "text/event-stream");
    const events = sseEvents(body);
    const last = events.at(-1);
    expect(last?.event).toBe("error");
    expect(last?.data).toMatchObject({
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
