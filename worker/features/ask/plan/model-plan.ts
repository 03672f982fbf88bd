import type { AskPlan, AskPlanRefusal } from "#schema/contracts/ask-plan.ts";
import type { PlanProposer, Proposal } from "#worker/ports/llm/plan-proposal.ts";
import { findCoins, tokenize } from "./coins.ts";
import { coinsOf, type Draft, finish, type PlannerContext, planQuestion } from "./planner.ts";
import { refusal } from "./refusals.ts";

/** A screen with no universe named ranks the top 100, as the offline parser's does. */
const DEFAULT_UNIVERSE = 100;

export type PlanSource = "model" | "parser";

/**
 * Plans a question with the live model when there is one (issue 43: "live, the model proposes the
 * plan as structured output validated by a zod schema"), else with the offline parser alone.
 * The parser's refusals of advice, predictions, other assets and on-chain data come first and a model
 * cannot overrule them; a proposal whose coins the market table does not hold, that the schema
 * refuses, or that never arrives is dropped for the parser's plan. docs/decisions/ask/live-plans.md.
 */
export async function planWithModel(
  question: string,
  context: PlannerContext,
  proposer: PlanProposer | null,
  onDropped: (reason: string) => void = () => {},
): Promise<{ plan: AskPlan | AskPlanRefusal; source: PlanSource }> {
  const parsed = planQuestion(question, context);
  if (!proposer || (parsed.kind === "refusal" && parsed.reason !== "unknown")) return { plan: parsed, source: "parser" };
  let proposal: Proposal;
  try {
    proposal = await proposer.propose(question, context.previous ?? null);
  } catch (err) {
    onDropped((err as Error).message);
    return { plan: parsed, source: "parser" };
  }
  const plan = fromProposal(proposal, context);
  if (!plan) {
    onDropped("the proposal names a coin the market table does not hold, or breaks the plan's rules");
    return { plan: parsed, source: "parser" };
  }
  return { plan, source: "model" };
}

/** The proposal as a checked plan, or null: coins resolved by the server, summary written by it, the schema's rules held. */
export function fromProposal(p: Proposal, context: PlannerContext): AskPlan | AskPlanRefusal | null {
  if (p.kind === "refusal") return refusal(p.refusal ?? "unknown");
  if (!p.intent || !p.metric || !p.period) return null;
  const mentions = [];
  for (const written of p.coins) {
    const found = findCoins(tokenize(written), context.coins, true)[0];
    if (!found) return null;
    mentions.push(found);
  }
  const coins = coinsOf(mentions);
  const watchlist = p.watchlist || p.intent === "watchlist";
  let draft: Draft;
  if (p.intent === "screen") {
    const s = p.screen ?? { universe: null, order: "highest" as const, limit: 10 };
    const universe = watchlist ? ("watchlist" as const) : (s.universe ?? DEFAULT_UNIVERSE);
    const limit = typeof universe === "number" ? Math.min(s.limit, universe) : s.limit;
    draft = {
      intent: "screen",
      scope: watchlist ? "watchlist" : "market",
      coins: [],
      period: p.period,
      metric: p.metric,
      screen: { ...s, universe, limit },
    };
  } else if (p.intent === "watchlist") {
    draft = { intent: "watchlist", scope: "watchlist", coins: [], period: p.period, metric: p.metric, screen: null };
  } else {
    draft = { intent: p.intent, scope: "coins", coins, period: p.period, metric: p.metric, screen: null };
  }
  const plan = finish(draft);
  // The parser's "unknown" from finish is a draft the rules refuse: not the model's refusal to pass on.
  return plan.kind === "refusal" ? null : plan;
}
