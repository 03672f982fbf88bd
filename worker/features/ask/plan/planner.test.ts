import { beforeAll, describe, expect, it } from "vitest";
import { type AskPlan, type AskPlanRefusal, askPlanRefusalSchema, askPlanSchema } from "#schema/contracts/ask-plan.ts";
import { createOfflineMarketData } from "#worker/ports/market/offline.ts";
import type { MarketRow } from "./coins.ts";
import { type PlannerContext, planQuestion } from "./planner.ts";
import { type ExpectedPlan, fixturePlan, QUESTIONS, type QuestionFixture } from "./questions.fixtures.ts";
import { summarize } from "./summary.ts";

/** The offline market table at a fixed moment (as the newsroom's fixedMarket reads it): the same 500 coins in every run. */
let coins: MarketRow[] = [];
beforeAll(async () => {
  const at = Date.parse("2026-11-10T05:59:30Z");
  const table = await createOfflineMarketData({ now: () => at }).fetchTop(500);
  coins = table.map(({ id, symbol, name, rank }) => ({ id, symbol, name, rank }));
});

const isRefusal = (e: QuestionFixture["expect"]): e is { refusal: AskPlanRefusal["reason"] } => "refusal" in e;

/** A fixture's previous plan as the route will hand it over: whole, and valid. */
const planOf = (e: ExpectedPlan): AskPlan => fixturePlan(e, coins);

/** What a fixture checks of a result: its plan in the fixture's terms, or its refusal's reason. */
function shapeOf(result: AskPlan | AskPlanRefusal): QuestionFixture["expect"] {
  if (result.kind === "refusal") return { refusal: result.reason };
  const { intent, period, metric, screen } = result;
  return { intent, coins: result.coins.map((c) => c.id), watchlist: result.scope === "watchlist", period, metric, screen };
}

const ask = (q: string, previous: AskPlan | null = null) => planQuestion(q, { coins, previous });
const run = (f: QuestionFixture) => ask(f.q, f.previous ? planOf(f.previous) : null);
const show = (f: QuestionFixture, got: unknown) => `"${f.q}"\n    got  ${JSON.stringify(got)}\n    want ${JSON.stringify(f.expect)}`;

function planned(q: string, previous: AskPlan | null = null): AskPlan {
  const result = ask(q, previous);
  if (result.kind !== "plan") throw new Error(`"${q}" was refused (${result.reason})`);
  return result;
}

describe("the question fixtures", () => {
  it("hold at least 170 questions of every kind the planner must read", () => {
    const count = (p: (f: QuestionFixture) => boolean) => QUESTIONS.filter(p).length;
    const plan = (f: QuestionFixture) => (isRefusal(f.expect) ? null : f.expect);
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(170);
    expect(count((f) => isRefusal(f.expect) && !f.previous)).toBeGreaterThanOrEqual(30);
    expect(count((f) => f.previous != null)).toBeGreaterThanOrEqual(15);
    expect(count((f) => f.typo === true)).toBeGreaterThanOrEqual(15);
    expect(count((f) => plan(f)?.intent === "compare")).toBeGreaterThanOrEqual(15);
    expect(count((f) => plan(f)?.intent === "screen")).toBeGreaterThanOrEqual(15);
    expect(count((f) => plan(f)?.watchlist === true)).toBeGreaterThanOrEqual(15);
    expect(new Set(QUESTIONS.map((f) => `${f.q}|${JSON.stringify(f.previous)}`)).size).toBe(QUESTIONS.length);
  });

  it("plans at least 90 % of them exactly as expected", () => {
    const misses = QUESTIONS.map((f) => ({ f, got: shapeOf(run(f)) }))
      .filter(({ f, got }) => JSON.stringify(got) !== JSON.stringify(f.expect))
      .map(({ f, got }) => show(f, got));
    const exact = QUESTIONS.length - misses.length;
    expect(exact / QUESTIONS.length, `${exact} of ${QUESTIONS.length} exact; misses:\n${misses.join("\n")}`).toBeGreaterThanOrEqual(0.9);
  });

  it("refuses every out-of-scope question, for the reason expected", () => {
    const out = QUESTIONS.filter((f) => isRefusal(f.expect));
    const wrong = out.map((f) => ({ f, got: shapeOf(run(f)) })).filter(({ f, got }) => JSON.stringify(got) !== JSON.stringify(f.expect));
    expect(wrong.map(({ f, got }) => show(f, got))).toEqual([]);
  });

  it("refuses no question it can answer", () => {
    const refused = QUESTIONS.filter((f) => !isRefusal(f.expect))
      .map((f) => ({ f, got: run(f) }))
      .filter(({ got }) => got.kind === "refusal");
    expect(refused.map(({ f, got }) => show(f, shapeOf(got)))).toEqual([]);
  });

  it("returns only plans and refusals the schema accepts, each plan with its own summary", () => {
    for (const f of QUESTIONS) {
      const result = run(f);
      if (result.kind === "refusal") {
        expect(askPlanRefusalSchema.safeParse(result).success, f.q).toBe(true);
        continue;
      }
      expect(askPlanSchema.safeParse(result).error?.issues ?? [], f.q).toEqual([]);
      expect(result.summary).toBe(summarize(result));
    }
  });
});

describe("coins in running text", () => {
  /** Coins whose tickers are the English words a question is made of. */
  const wordy: MarketRow[] = ["one", "it", "are", "by", "for", "get"].map((symbol, i) => ({
    id: `${symbol}-coin`,
    symbol,
    name: `${symbol.toUpperCase()} Coin`,
    rank: 300 + i,
  }));
  const withWordy = (): PlannerContext => ({ coins: [...coins, ...wordy] });
  const idsIn = (q: string, context: PlannerContext = withWordy()) => {
    const result = planQuestion(q, context);
    return result.kind === "plan" ? result.coins.map((c) => c.id) : result.reason;
  };

  it("reads English words as words, and as coins only when written as one", () => {
    expect(idsIn("is it up for you? how are btc and eth by the way")).toEqual(["bitcoin", "ethereum"]);
    expect(idsIn("how is ONE doing this week")).toEqual(["one-coin"]);
    expect(idsIn("$get price")).toEqual(["get-coin"]);
    expect(idsIn("what is the price of ARE today")).toEqual(["are-coin"]);
    expect(idsIn("how near is bitcoin to its ath")).toEqual(["bitcoin"]);
    expect(idsIn("How is Near doing")).toEqual(["near"]);
    expect(idsIn("is there a link between btc and sol")).toEqual(["bitcoin", "solana"]);
    expect(idsIn("LINK vs sky this week")).toEqual(["chainlink", "sky"]);
    expect(idsIn("did near go up this week")).toEqual(["near"]);
    expect(idsIn("gas price today")).toBe("onchain");
    expect(idsIn("which AI coins rose most today")).toEqual([]);
  });

  it("reads a name with spaces as one coin, and a longer name before a shorter one", () => {
    expect(idsIn("shiba inu vs bitcoin cash vs ethereum classic")).toEqual(["shiba-inu", "bitcoin-cash", "ethereum-classic"]);
    expect(idsIn("doge coin and bit coin")).toEqual(["dogecoin", "bitcoin"]);
  });

  it("takes the higher-ranked coin when a ticker is ambiguous", () => {
    expect(idsIn("dai market cap")).toEqual(["dai"]);
    const impostor: MarketRow = { id: "sol-wrapped", symbol: "sol", name: "Wrapped Sol Thing", rank: 450 };
    expect(idsIn("sol price", { coins: [...coins, impostor] })).toEqual(["solana"]);
    const bigger = coins.map((c) => (c.id === "solana" ? { ...c, rank: 9 } : c));
    expect(idsIn("sol price", { coins: [...bigger, { ...impostor, rank: 3 }] })).toEqual(["sol-wrapped"]);
  });

  it("forgives a typo in a long name but not in a short or English one", () => {
    expect(idsIn("etherum")).toEqual(["ethereum"]);
    expect(idsIn("bitcoin's and solanas prices")).toEqual(["bitcoin", "solana"]);
    expect(idsIn("what is a table")).toBe("unknown");
  });

  it("tells gold the coin from gold the metal", () => {
    expect(idsIn("pax gold price")).toEqual(["pax-gold"]);
    expect(idsIn("gold price")).toBe("other_asset");
  });

  it("refuses a coin it does not know rather than answer about another", () => {
    expect(idsIn("how is $FOO doing")).toBe("unknown");
    expect(idsIn("compare sol with wobblecoin")).toBe("unknown");
    expect(planQuestion("and XYZ?", { coins, previous: planned("how is sol doing") }).kind).toBe("refusal");
  });
});

describe("follow-ups", () => {
  it("keep the previous coins and period unless the question changes them", () => {
    const first = planned("is SOL doing better than ETH this week?");
    const longer = planned("what about over a month?", first);
    expect([longer.intent, longer.coins.map((c) => c.id), longer.period]).toEqual(["compare", ["solana", "ethereum"], "30d"]);
    const wider = planned("and ADA?", first);
    expect([wider.coins.map((c) => c.id), wider.period]).toEqual([["solana", "ethereum", "cardano"], "7d"]);
    const other = planned("and ETH?", planned("how did solana do this week"));
    expect([other.intent, other.coins.map((c) => c.id), other.period]).toEqual(["movement", ["ethereum"], "7d"]);
  });

  it("do not leak into a new question that names its own subject", () => {
    const fresh = planned("how is bitcoin doing", planned("how did solana do over the last year"));
    expect([fresh.coins.map((c) => c.id), fresh.period]).toEqual([["bitcoin"], "24h"]);
  });

  it("can still be refused", () => {
    const previous = planned("how did doge do this week");
    expect(planQuestion("should I buy it?", { coins, previous })).toMatchObject({ kind: "refusal", reason: "advice" });
    expect(planQuestion("will it moon?", { coins, previous })).toMatchObject({ kind: "refusal", reason: "prediction" });
  });
});

describe("summaries", () => {
  it("say what will be answered, from the plan alone", () => {
    expect(planned("is SOL doing better than ETH this week?").summary).toBe("Comparing Solana and Ethereum over 7 days");
    expect(planned("which top-100 coins fell most today?").summary).toBe("The 10 biggest losers in the top 100 over 24 hours");
    expect(planned("how did my coins do this week?").summary).toBe("How your watchlist moved over 7 days");
    expect(planned("what's my best performer this month").summary).toBe("The biggest gainer in your watchlist over 30 days");
    expect(planned("how's the market today").summary).toBe("The top 10 coins by market cap over 24 hours");
    expect(planned("btc market cap").summary).toBe("Bitcoin's market cap now");
    expect(planned("any news on chainlink").summary).toBe("Coinsight's news about Chainlink from the last 7 days");
  });

  it("read the same for the same question", () => {
    expect(ask("compare cardano and polkadot over the last month")).toEqual(ask("compare cardano and polkadot over the last month"));
  });
});

describe("periods", () => {
  it("round a span the site does not record up to the one that covers it", () => {
    const period = (q: string) => planned(q).period;
    expect(period("btc in the last hour")).toBe("1h");
    expect(period("btc over the last 3 hours")).toBe("24h");
    expect(period("btc past 2 weeks")).toBe("30d");
    expect(period("btc last 31 days")).toBe("30d");
    expect(period("btc last 6 months")).toBe("1y");
    expect(period("btc over the last 5 years")).toBe("1y");
  });

  it("keep volume to the 24 hours the table records", () => {
    const plan = planned("which coins had the most volume this week");
    expect([plan.metric, plan.period]).toEqual(["volume", "24h"]);
  });
});

describe("the plan schema", () => {
  const valid = () => planned("is SOL doing better than ETH this week?");

  it("refuses plans whose fields contradict each other", () => {
    const plan = valid();
    const first = plan.coins.slice(0, 1);
    expect(askPlanSchema.safeParse({ ...plan, coins: first }).success).toBe(false);
    expect(askPlanSchema.safeParse({ ...plan, metric: "volume" }).success).toBe(false);
    expect(askPlanSchema.safeParse({ ...plan, metric: "news" }).success).toBe(false);
    expect(askPlanSchema.safeParse({ ...plan, coins: [...first, ...first] }).success).toBe(false);
    const screen = planned("biggest gainers today");
    expect(askPlanSchema.safeParse({ ...screen, coins: first }).success).toBe(false);
    expect(askPlanSchema.safeParse({ ...screen, metric: "volume", screen: { ...screen.screen, order: "biggest_move" } }).success).toBe(
      false,
    );
    expect(askPlanSchema.safeParse({ ...screen, screen: { universe: 10, order: "highest", limit: 20 } }).success).toBe(false);
    expect(askPlanSchema.safeParse({ ...screen, scope: "watchlist" }).success).toBe(false);
    expect(askPlanSchema.safeParse({ ...plan, period: "14d" }).success).toBe(false);
    expect(askPlanSchema.safeParse(valid()).success).toBe(true);
  });
});
