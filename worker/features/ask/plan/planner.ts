import {
  type AskPlan,
  type AskPlanRefusal,
  askPlanSchema,
  metricsOf,
  PLAN_MAX_COINS,
  type PlanIntent,
  type PlanMetric,
  type PlanPeriod,
  periodsOf,
} from "#schema/contracts/ask-plan.ts";
import { findCoins, type MarketRow, type Mention, type Token, tokenize, unknownCoinWords } from "./coins.ts";
import { type Reading, readQuestion } from "./reading.ts";
import { refusal, refusalFor } from "./refusals.ts";
import { summarize } from "./summary.ts";

/**
 * The offline planner of free-text Ask questions (docs/decisions/ask/free-text-plans.md): a member's
 * question, and the previous turn's plan for a follow-up, become a plan the schema accepts or a
 * kind refusal. Pure and deterministic: the market table comes in, nothing goes out.
 */

export type PlannerContext = { coins: readonly MarketRow[]; previous?: AskPlan | null };

type PlanCoin = AskPlan["coins"][number];
/** A plan before its summary, as the offline parser and a model's proposal (model-plan.ts) both draft it. */
export type Draft = Omit<AskPlan, "kind" | "summary">;
type Where = "market" | "watchlist";

/** A screen with no universe named ranks the top 100: below it, thin trading makes the biggest moves noise. */
const DEFAULT_UNIVERSE = 100;
const DEFAULT_ROWS = 10;
/** "How's the market?" is answered by the ten largest coins. */
const OVERVIEW_COINS = 10;

const DEFAULT_METRIC: Record<PlanIntent, PlanMetric> = {
  about: "profile",
  movement: "change",
  range: "price",
  sentiment: "sentiment",
  news: "news",
  compare: "change",
  screen: "change",
  watchlist: "change",
};

const SINGLE_COIN: ReadonlySet<PlanIntent> = new Set(["about", "movement", "range", "sentiment", "news"]);
/** Figures of the moment: whatever period the question names, the answer gives them as they are now. */
const NOW: ReadonlySet<PlanMetric> = new Set(["profile", "price", "market_cap", "supply", "ath"]);

export function planQuestion(question: string, context: PlannerContext): AskPlan | AskPlanRefusal {
  const text = question.normalize("NFKC").trim().slice(0, 500);
  const tokens = tokenize(text);
  const strict = findCoins(tokens, context.coins);
  const refused = refusalFor(lowered(masked(text, tokens, strict)), masked(text, tokens, strict));
  if (refused) return refused;
  // Only a question that names no coin plainly reads an English word as one ("did near go up"),
  // and only after the refusals read it as English ("gas price").
  const mentions = strict.length ? strict : findCoins(tokens, context.coins, true);
  if (unknownCoinWords(tokens, mentions).length) return refusal("unknown");
  const reading = readQuestion(lowered(masked(text, tokens, mentions)));
  const named = coinsOf(mentions);
  const previous = context.previous ?? null;
  const draft = previous && isFollowUp(reading, named) ? followUp(previous, reading, named) : fresh(reading, named);
  return draft ? finish(draft) : refusal("unknown");
}

/** The question with each coin it names replaced by "coinref", so no coin's name reads as a word ("Story", "Gas"). */
function masked(text: string, tokens: readonly Token[], mentions: readonly Mention[]): string {
  let out = "";
  let at = 0;
  for (const m of mentions) {
    const start = tokens[m.first]?.start ?? at;
    out += `${text.slice(at, start)}coinref`;
    at = tokens[m.last]?.end ?? start;
  }
  return out + text.slice(at);
}

const lowered = (text: string) => text.toLowerCase().replace(/['’]/g, "");

export function coinsOf(mentions: readonly Mention[]): PlanCoin[] {
  const coins: PlanCoin[] = [];
  for (const { coin } of mentions) {
    if (coins.some((c) => c.id === coin.id)) continue;
    coins.push({ id: coin.id, symbol: coin.symbol.toUpperCase(), name: coin.name.replace(/[\u200b-\u200d\ufeff]/g, "").trim() });
  }
  return coins.slice(0, PLAN_MAX_COINS);
}

/** A follow-up says so ("and ETH?"), points back ("compare it with AVAX"), or names no subject of its own ("what about over a month?"). */
function isFollowUp(r: Reading, named: readonly PlanCoin[]): boolean {
  if (r.followUp || r.pointsBack) return true;
  return !named.length && !r.watchlist && !r.ranked && !r.overview;
}

/** The answer a question about one coin asks for: its words first, then the previous turn's, then its period. */
function singleIntent(r: Reading, kept: PlanIntent | null): PlanIntent {
  if (r.topic === "news" || r.topic === "sentiment" || r.topic === "range") return r.topic;
  if (r.metric === "market_cap" || r.metric === "supply" || r.metric === "volume") return "about";
  if (r.topic === "movement" || r.metric === "change") return "movement";
  if (r.metric === "price" || r.topic === "about") return "about";
  if (kept && SINGLE_COIN.has(kept)) return kept;
  return r.period ? "movement" : "about";
}

function metricFor(intent: PlanIntent, asked: PlanMetric | null, kept: PlanMetric | null): PlanMetric {
  const allowed = metricsOf(intent);
  if (asked && allowed.includes(asked)) return asked;
  if (kept && allowed.includes(kept)) return kept;
  return DEFAULT_METRIC[intent];
}

function coinsDraft(intent: PlanIntent, coins: PlanCoin[], r: Reading, previous: AskPlan | null): Draft {
  return {
    intent,
    scope: "coins",
    coins,
    period: r.period ?? previous?.period ?? (intent === "news" ? "7d" : "24h"),
    metric: metricFor(intent, r.metric, previous?.metric ?? null),
    screen: null,
  };
}

function watchlistDraft(r: Reading, previous: AskPlan | null): Draft {
  const metric = metricFor("watchlist", r.metric, previous?.metric ?? null);
  return {
    intent: "watchlist",
    scope: "watchlist",
    coins: [],
    period: r.period ?? previous?.period ?? (metric === "news" ? "7d" : "24h"),
    metric,
    screen: null,
  };
}

/** A ranking of the top N or of the watchlist; what the question leaves out comes from the previous screen, then the defaults. */
function screenDraft(r: Reading, where: Where, previous: AskPlan | null): Draft {
  const before = previous?.screen ?? null;
  const keptUniverse = typeof before?.universe === "number" ? before.universe : null;
  const universe = where === "watchlist" ? "watchlist" : Math.min(500, r.universe ?? keptUniverse ?? DEFAULT_UNIVERSE);
  const asked = r.metric && metricsOf("screen").includes(r.metric) ? r.metric : null;
  const kept = previous?.intent === "screen" || previous?.intent === "watchlist" ? previous.metric : null;
  let metric: PlanMetric = asked ?? (r.order ? null : kept) ?? (!r.order && r.universe != null ? "market_cap" : "change");
  // "The top 20 coins" and "the top 15 by market cap" are the N largest: each of them is a row.
  const bySize = r.universe != null && metric === "market_cap" && (r.order ?? "highest") === "highest";
  const order = r.order ?? before?.order ?? "highest";
  if (order === "biggest_move") metric = "change";
  if (!metricsOf("screen").includes(metric)) metric = "change";
  const most = typeof universe === "number" ? Math.min(universe, 100) : 100;
  const limit = Math.min(most, r.limit ?? (bySize ? most : (before?.limit ?? DEFAULT_ROWS)));
  const period = r.period ?? previous?.period ?? "24h";
  return { intent: "screen", scope: where, coins: [], period, metric, screen: { universe, order, limit } };
}

function overviewDraft(r: Reading): Draft {
  return {
    intent: "screen",
    scope: "market",
    coins: [],
    period: r.period ?? "24h",
    metric: "market_cap",
    screen: { universe: OVERVIEW_COINS, order: "highest", limit: OVERVIEW_COINS },
  };
}

function fresh(r: Reading, named: PlanCoin[]): Draft | null {
  if (named.length >= 2) return coinsDraft(r.topic === "news" ? "news" : "compare", named, r, null);
  if (named.length === 1) return coinsDraft(singleIntent(r, null), named, r, null);
  if (r.watchlist) return r.ranked ? screenDraft(r, "watchlist", null) : watchlistDraft(r, null);
  if (r.ranked) return screenDraft(r, "market", null);
  if (r.overview) return overviewDraft(r);
  return null;
}

/**
 * A follow-up keeps the previous plan's coins, period and metric unless its words change them. One
 * coin added to a comparison joins it ("and ADA?"); "compare it with AVAX" makes one.
 */
function followUp(previous: AskPlan, r: Reading, named: PlanCoin[]): Draft {
  if (named.length) {
    const joins = previous.scope === "coins" && named.length === 1 && (previous.intent === "compare" || r.compare);
    const coins = joins ? [...previous.coins, ...named.filter((c) => !previous.coins.some((p) => p.id === c.id))] : named;
    if (coins.length >= 2) {
      const news = r.topic === "news" || (previous.intent === "news" && !r.compare);
      return coinsDraft(news ? "news" : "compare", coins.slice(0, PLAN_MAX_COINS), r, previous);
    }
    return coinsDraft(singleIntent(r, previous.intent), coins, r, previous);
  }
  if (r.watchlist) return previous.intent === "screen" || r.ranked ? screenDraft(r, "watchlist", previous) : watchlistDraft(r, previous);
  if (previous.scope !== "coins") {
    const where: Where = previous.scope === "watchlist" ? "watchlist" : "market";
    if (previous.intent === "screen" || r.ranked) return screenDraft(r, where, previous);
    return watchlistDraft(r, previous);
  }
  if (previous.coins.length >= 2) return coinsDraft(r.topic === "news" ? "news" : previous.intent, previous.coins, r, previous);
  return coinsDraft(singleIntent(r, previous.intent), previous.coins, r, previous);
}

/** Brings a draft within what the data records, writes its summary and holds it to the schema. */
export function finish(draft: Draft): AskPlan | AskPlanRefusal {
  let { intent, metric, period } = draft;
  if (!metricsOf(intent).includes(metric)) metric = DEFAULT_METRIC[intent];
  // "Bitcoin's price this week" asks how it moved; a price of the moment has no week.
  if (intent === "about" && (metric === "profile" || metric === "price") && period !== "24h") {
    intent = "movement";
    metric = "change";
  }
  if ((intent === "compare" || intent === "watchlist") && metric === "price" && period !== "24h") metric = "change";
  if (NOW.has(metric) && intent !== "screen" && !(intent === "range" && metric === "price")) period = "24h";
  const recorded = periodsOf(metric);
  const kept: PlanPeriod = recorded.includes(period) ? period : (recorded[0] ?? "24h");
  const plan = { ...draft, intent, metric, period: kept };
  const parsed = askPlanSchema.safeParse({ kind: "plan", ...plan, summary: summarize(plan) });
  // A draft the schema refuses is a planner bug; the member gets the general refusal, never a broken plan.
  return parsed.success ? parsed.data : refusal("unknown");
}
