import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AskFreeResponse, AskRefusal } from "#schema/contracts/ask-free-types.ts";
import type { AskPlan } from "#schema/contracts/ask-plan.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { fixedMarket } from "#worker/features/newsroom/test-support.ts";
import { getDb } from "#worker/lib/db.ts";
import type { AnswerBrief } from "#worker/ports/llm/answer.ts";
import { compose } from "#worker/ports/llm/answer-offline.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { ANSWER_FAILED } from "./answering.ts";
import { resolvePlan } from "./free.service.ts";
import { buildFreeBrief } from "./free-briefs.ts";
import { checkAnswer } from "./grounding.ts";
import { planQuestion } from "./plan/planner.ts";
import { fixturePlan, QUESTIONS } from "./plan/questions.fixtures.ts";
import { askFree, freeEvents, persona, planFor, seedSocial, tamperingAnswerer } from "./test-support.ts";

const NOW = Date.parse("2026-11-10T06:00:00Z");
const DAY_S = 86_400;

/** Daily closes of the last 31 days and one a year back, from each coin's price walked by a fixed pattern: 30-day and 1-year figures. */
const TODAY = Math.floor(NOW / 1000 / DAY_S);
const DAYS_BACK = [365, ...Array.from({ length: 31 }, (_, i) => 31 - i)];
const SEEDED_TS = DAYS_BACK.map((d) => (TODAY - d) * DAY_S + 80_000);

async function seedCloses(coins: readonly { id: string; priceUsd: number }[]) {
  const stmts = coins.flatMap((c, k) =>
    DAYS_BACK.map((d) =>
      env.DB.prepare("INSERT OR REPLACE INTO price_history (coin_id, ts, price) VALUES (?, ?, ?)").bind(
        c.id,
        (TODAY - d) * DAY_S + 80_000,
        c.priceUsd * Math.exp(0.05 * Math.sin(d + k)),
      ),
    ),
  );
  for (let i = 0; i < stmts.length; i += 500) await env.DB.batch(stmts.slice(i, i + 500));
}

/**
 * Faults a hostile writer plants into an answer, each of a kind the check must hold: a figure typed
 * outside a citation, a direction against its figure, a comparison turned round, a coin outside
 * the brief. Each applies only where the answer has what it changes.
 */
const FAULTS: { name: string; plant: (text: string, b: AnswerBrief) => string | null }[] = [
  {
    name: "a typed figure",
    plant: (t, b) => `${t}\n\n${b.entities[0]?.name ?? "Bitcoin"} changed hands at $987,654.32 an hour ago.`,
  },
  {
    name: "a direction against its figure",
    plant: (t) => (/ rose /.test(t) ? t.replace(" rose ", " fell ") : / fell /.test(t) ? t.replace(" fell ", " rose ") : null),
  },
  {
    name: "a comparison turned round",
    plant: (t) => (t.includes(" did better than ") ? t.replace(" did better than ", " did worse than ") : null),
  },
  {
    name: "a coin outside the brief",
    plant: (t, b) => {
      const cited = /\{\{([^}]+)\}\}/.exec(t)?.[1];
      const outsider = b.entities.some((e) => e.id === "dogecoin") ? "Cardano" : "Dogecoin";
      return cited ? `${t}\n\n${outsider} stood at {{${cited}}}.` : null;
    },
  },
];

describe("free answers against the sentence check", () => {
  let snapshot: PriceSnapshot;
  beforeAll(async () => {
    snapshot = await fixedMarket(NOW - 30_000);
    await seedSocial(500, NOW);
    const publishedAt = new Date(NOW - 3_600_000).toISOString();
    for (const symbol of ["BTC", "ETH", "SOL", "LINK", "XRP"])
      await insertArticle({ slug: `free-checked-${symbol}`, title: `${symbol} holds its range`, cryptoSymbol: symbol, publishedAt });
    await seedCloses(snapshot.coins.slice(0, 100));
  });
  // These closes are "recent" to any test that reads the history against today's clock: leave none behind.
  afterAll(async () => {
    await env.DB.prepare(
      "DELETE FROM price_history WHERE coin_id IN (SELECT value FROM json_each(?1)) AND ts IN (SELECT value FROM json_each(?2))",
    )
      .bind(JSON.stringify(snapshot.coins.slice(0, 100).map((c) => c.id)), JSON.stringify(SEEDED_TS))
      .run();
  });

  it("every fixture question that plans to an answerable plan is answered offline and passes; a planted fault is held in every one", async () => {
    const watchlist = snapshot.coins.filter((c) => ["bitcoin", "ethereum", "solana", "dogecoin", "chainlink"].includes(c.id));
    const counts = { questions: QUESTIONS.length, refused: 0, planned: 0, unanswerable: 0, answered: 0, passed: 0, planted: 0, held: 0 };
    const failures: string[] = [];
    const byIntent: Record<string, number> = {};
    const unanswered: string[] = [];
    for (const f of QUESTIONS) {
      const previous: AskPlan | null = f.previous ? fixturePlan(f.previous, snapshot.coins) : null;
      const result = planQuestion(f.q, { coins: snapshot.coins, previous });
      if (result.kind !== "plan") {
        counts.refused++;
        continue;
      }
      counts.planned++;
      const resolved = resolvePlan(result, snapshot);
      if ("missing" in resolved) throw new Error(`${f.q}: the planner named a coin the market does not hold`);
      const input = { db: getDb(env.DB), d1: env.DB, snapshot, now: NOW, plan: resolved.plan, coins: resolved.coins, watchlist };
      const built = await buildFreeBrief(input);
      if (built.unanswerable) {
        counts.unanswerable++;
        unanswered.push(`"${f.q}" ${resolved.plan.intent}/${resolved.plan.metric}/${resolved.plan.period}`);
        continue;
      }
      counts.answered++;
      byIntent[resolved.plan.intent] = (byIntent[resolved.plan.intent] ?? 0) + 1;
      const text = compose(built.brief);
      const report = checkAnswer(text, built.brief);
      if (report.ok) counts.passed++;
      else failures.push(`"${f.q}" (${resolved.plan.intent}): ${report.problems.join("; ")}\n${text}`);
      for (const fault of FAULTS) {
        const planted = fault.plant(text, built.brief);
        if (planted === null) continue;
        counts.planted++;
        if (!checkAnswer(planted, built.brief).ok) counts.held++;
        else failures.push(`"${f.q}": ${fault.name} passed\n${planted}`);
      }
    }
    console.log(`Free answers on the fixtures: ${JSON.stringify(counts)}; answered by intent ${JSON.stringify(byIntent)}`);
    console.log(`Not answerable from the seeded data (404, not counted): ${unanswered.join("; ")}`);
    if (failures.length) console.log(failures.slice(0, 20).join("\n\n"));
    expect(failures).toEqual([]);
    expect(counts.answered).toBeGreaterThanOrEqual(220);
    expect(counts.passed).toBe(counts.answered);
    expect(counts.held).toBe(counts.planted);
  }, 300_000);

  it("a hostile writer's planted fault is regenerated once, then refused with the card's text and not counted", async () => {
    const member = await persona("free");
    const plan = await planFor("is SOL doing better than ETH this week?");
    const hostile = tamperingAnswerer((text, _call, brief) => FAULTS[0]?.plant(text, brief) ?? text);
    const { status, body } = await askFree<AskRefusal>(
      member,
      { question: "is SOL doing better than ETH this week?", plan },
      { answerer: hostile },
    );
    expect(hostile.calls).toBe(2);
    expect(status).toBe(503);
    expect(body).toMatchObject({ error: { code: "UNAVAILABLE", message: ANSWER_FAILED }, subscription: { trialQueriesRemaining: 2 } });
  });

  it("a fault in the first attempt only: the second, checked answer is shown and counted once", async () => {
    const member = await persona("free");
    const plan = await planFor("top 5 coins by 24h change");
    const once = tamperingAnswerer((text, call, brief) => (call === 1 ? (FAULTS[1]?.plant(text, brief) ?? text) : text));
    const { status, body } = await askFree<AskFreeResponse>(member, { question: "top 5 coins by 24h change", plan }, { answerer: once });
    expect(once.calls).toBe(2);
    expect(status).toBe(200);
    expect(body).toMatchObject({ charged: true, subscription: { trialQueriesRemaining: 1 } });
  });

  it("streamed: a held line resets the text (the tables stay), and only the checked second attempt is sent", async () => {
    const member = await persona("basic");
    const question = "compare bitcoin and solana this week";
    const plan = await planFor(question);
    const once = tamperingAnswerer((text, call, brief) => (call === 1 ? (FAULTS[0]?.plant(text, brief) ?? text) : text));
    const { body } = await askFree<string>(member, { question, plan }, { answerer: once, accept: "text/event-stream" });
    const events = freeEvents(body);
    const names = events.map((e) => e.event);
    expect(names.filter((n) => n === "table")).toHaveLength(1);
    expect(names.indexOf("reset")).toBeGreaterThan(names.indexOf("delta"));
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const afterReset = events.slice(names.indexOf("reset") + 1).flatMap((e) => (e.event === "delta" ? [e.data.text] : []));
    if (done?.event === "done") {
      expect(done.data.response).toBe(afterReset.join(""));
      expect(done.data.response).not.toContain("987,654");
      expect(done.data.subscription?.queryCount).toBe(1);
    }
  });
});
