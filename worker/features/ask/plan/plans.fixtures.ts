import {
  type AskPlan,
  askPlanSchema,
  type PlanIntent,
  type PlanMetric,
  type PlanPeriod,
  type RefusalReason,
} from "#schema/contracts/ask-plan.ts";
import type { MarketRow } from "./coins.ts";
import { summarize } from "./summary.ts";

/**
 * The shapes of the planner's fixtures (questions.fixtures.ts): the plan each question should get,
 * the builders the fixtures are written with, and a fixture's plan made whole for the route.
 */

export type Screen = { universe: number | "watchlist"; order: "highest" | "lowest" | "biggest_move"; limit: number };
export type ExpectedPlan = {
  intent: PlanIntent;
  coins: string[];
  watchlist: boolean;
  period: PlanPeriod;
  metric: PlanMetric;
  screen: Screen | null;
};
export type QuestionFixture = {
  q: string;
  /** Written with a typo or in slang (the other kinds are read off the expected plan). */
  typo?: true;
  /** The previous turn's plan: the question is a follow-up to it. */
  previous?: ExpectedPlan;
  expect: ExpectedPlan | { refusal: RefusalReason };
};

/** A fixture's plan as the route hands it over (a follow-up's previous turn, an answer's plan): whole, and valid. */
export function fixturePlan(e: ExpectedPlan, coins: readonly MarketRow[]): AskPlan {
  const named = e.coins.map((id) => {
    const coin = coins.find((c) => c.id === id);
    if (!coin) throw new Error(`fixture names ${id}, which the market table does not hold`);
    return { id, symbol: coin.symbol.toUpperCase(), name: coin.name };
  });
  const scope: AskPlan["scope"] = e.watchlist ? "watchlist" : e.screen ? "market" : "coins";
  const plan = { kind: "plan" as const, intent: e.intent, scope, coins: named, period: e.period, metric: e.metric, screen: e.screen };
  return askPlanSchema.parse({ ...plan, summary: summarize(plan) });
}

export const on = (intent: PlanIntent, coins: string[], period: PlanPeriod, metric: PlanMetric): ExpectedPlan => ({
  intent,
  coins,
  watchlist: false,
  period,
  metric,
  screen: null,
});
export const about = (coin: string, metric: PlanMetric = "profile") => on("about", [coin], "24h", metric);
export const moved = (coin: string, period: PlanPeriod = "24h") => on("movement", [coin], period, "change");
export const compare = (coins: string[], period: PlanPeriod = "24h", metric: PlanMetric = "change") => on("compare", coins, period, metric);
export const mine = (period: PlanPeriod = "24h", metric: PlanMetric = "change"): ExpectedPlan => ({
  intent: "watchlist",
  coins: [],
  watchlist: true,
  period,
  metric,
  screen: null,
});
export const ranked = (
  universe: number | "watchlist",
  order: Screen["order"],
  limit: number,
  period: PlanPeriod = "24h",
  metric: PlanMetric = "change",
): ExpectedPlan => ({
  intent: "screen",
  coins: [],
  watchlist: universe === "watchlist",
  period,
  metric,
  screen: { universe, order, limit },
});
export const no = (refusal: RefusalReason) => ({ refusal });
