// No zod here: the /ask page and the card's question box import these, and the validators stay on
// the server (ask-free.ts and ask-plan.ts hold the schemas, checked against these types).
import { eventObject, parseAskEvent } from "./ask-stream.ts";
import type { AskRefusal, RateLimitInfo } from "./ask-types.ts";
import type { Subscription } from "./auth.ts";

export type { AskRefusal, RateLimitInfo } from "./ask-types.ts";

/** The kinds of free-text question (docs/decisions/ask/free-text-plans.md). */
export const PLAN_INTENTS = ["about", "movement", "range", "sentiment", "news", "compare", "screen", "watchlist"] as const;
export type PlanIntent = (typeof PLAN_INTENTS)[number];

/**
 * The periods the site records: 1h, 24h and 7d changes come with every market row, 30d and 1y are
 * chart ranges over the held daily closes. Anything else is rounded up to the one that covers it.
 */
export const PLAN_PERIODS = ["1h", "24h", "7d", "30d", "1y"] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** The longest question the planner reads. */
export const PLAN_QUESTION_MAX = 500;

/** What the answer is about: each is a column of the market table, the sentiment snapshots or the site's articles. */
export const PLAN_METRICS = [
  "profile",
  "price",
  "change",
  "market_cap",
  "volume",
  "supply",
  "ath",
  "sentiment",
  "social_volume",
  "news",
] as const;
export type PlanMetric = (typeof PLAN_METRICS)[number];

/** A screen's order: the highest or lowest values of its metric first, or the biggest moves either way (change only). */
export const SCREEN_ORDERS = ["highest", "lowest", "biggest_move"] as const;
export type ScreenOrder = (typeof SCREEN_ORDERS)[number];

/** Which coins a plan is about: named coins, the member's watchlist, or a slice of the market (screens). */
export const PLAN_SCOPES = ["coins", "watchlist", "market"] as const;
export type PlanScope = (typeof PLAN_SCOPES)[number];

export const REFUSAL_REASONS = ["advice", "prediction", "other_asset", "onchain", "unknown"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Coins one plan may name: a comparison table wider than this stops being readable. */
export const PLAN_MAX_COINS = 5;
/**
 * The metrics that answer each intent (a plan asking "about" a coin's news is a news plan), and the
 * periods each metric is recorded over: the plan schema holds plans to them, and a correction the
 * /ask page offers should stay within them (anything else is a 400).
 */
const METRICS_OF: Record<PlanIntent, readonly PlanMetric[]> = {
  about: ["profile", "price", "market_cap", "volume", "supply"],
  movement: ["change"],
  range: ["price", "ath"],
  sentiment: ["sentiment", "social_volume"],
  news: ["news"],
  compare: ["change", "price", "market_cap", "volume", "supply", "sentiment", "social_volume"],
  screen: ["change", "price", "market_cap", "volume", "sentiment", "social_volume"],
  watchlist: ["change", "price", "market_cap", "volume", "sentiment", "news"],
};

/** Periods a metric is recorded over: volume only as the last 24 hours, social figures once a day. */
export function periodsOf(metric: PlanMetric): readonly PlanPeriod[] {
  if (metric === "volume") return ["24h"];
  if (metric === "sentiment" || metric === "social_volume") return ["24h", "7d", "30d", "1y"];
  return PLAN_PERIODS;
}

export function metricsOf(intent: PlanIntent): readonly PlanMetric[] {
  return METRICS_OF[intent];
}

export type PlanCoin = { id: string; symbol: string; name: string };

/** A screen: the top N coins by market cap (or the member's watchlist), ranked by the plan's metric. */
export type PlanScreen = { universe: number | "watchlist"; order: ScreenOrder; limit: number };

/**
 * The plan of a free-text question, as POST /api/ask-coinsight/plan returns it and /answer takes it
 * back (the zod-free twin of askPlanSchema; the server re-validates whatever it is sent).
 */
export type AskPlan = {
  kind: "plan";
  intent: PlanIntent;
  scope: PlanScope;
  coins: PlanCoin[];
  period: PlanPeriod;
  metric: PlanMetric;
  screen: PlanScreen | null;
  /** What the member sees above the answer ("Comparing Solana and Ethereum over 7 days"), written by the server. */
  summary: string;
};

/** A question the site cannot answer from its figures: short, kind, and says what it can answer instead. Never counted. */
export type AskPlanRefusal = { kind: "refusal"; reason: RefusalReason; message: string };

/** POST /api/ask-coinsight/answer: the member's words and the plan they saw (perhaps corrected with one click). */
export type AskFreeRequest = { question: string; plan: AskPlan };

/** A signed change's colour: "up" for a rise, "down" for a fall, null for anything else (a price, a level, a missing figure). */
export type CellTone = "up" | "down" | null;

/**
 * A table inside an answer, built by the server from its figures (never typed by the writer). Cell
 * texts are already formatted (schema/contracts/format.ts); a figure not recorded is "—" and the
 * note says which.
 */
export type AnswerTable = {
  title: string;
  columns: { key: string; label: string; numeric: boolean }[];
  /** One row per coin; `cells` follow `columns`, in order. */
  rows: { symbol: string; name: string; cells: { text: string; tone: CellTone }[] }[];
  /** What the table leaves out or cannot show (coins without a recorded figure, the rule of a ranking); null when nothing. */
  note: string | null;
};

/** The answer to a plan: the JSON reply, and the `done` event's data. */
export type AskFreeResponse = {
  success: true;
  /** The member's history entry for this answer (GET /api/ask-coinsight/history); null for guests. */
  id: string | null;
  question: string;
  /** The plan answered, as re-checked by the server (its summary rewritten from it). */
  plan: AskPlan;
  summary: string;
  /** Markdown text, checked sentence by sentence, ending with its data time and sources. */
  response: string;
  tables: AnswerTable[];
  /** When the figures the answer was written from were taken (ISO). */
  asOf: string;
  cached: boolean;
  /**
   * Whether this answer used one of the member's questions (trial, plan or credits). False for an
   * `about` plan (free, within the daily limit that `rateLimit` shows) and for admins.
   */
  charged: boolean;
  subscription: Subscription | null;
  rateLimit: RateLimitInfo;
};

/**
 * The events of POST /api/ask-coinsight/answer's stream (Accept: text/event-stream): the server's
 * tables first (`table`, one each), then checked lines as they are written (`delta`), a restart after
 * a held line (`reset`: drop the text shown, keep the tables), and the end: `done` (the JSON reply,
 * tables included) or `error` (a refusal body: 402, 429, 503 as the fixed route).
 */
export type AskFreeEvent =
  | { event: "table"; data: AnswerTable }
  | { event: "delta"; data: { text: string } }
  | { event: "reset"; data: Record<string, never> }
  | { event: "done"; data: AskFreeResponse }
  | { event: "error"; data: AskRefusal };

export type AskFreeEventName = AskFreeEvent["event"];
export const ASK_FREE_EVENTS: readonly AskFreeEventName[] = ["table", "delta", "reset", "done", "error"];

/** One event as a server-sent event's `event:` and `data:` fields. */
export function formatAskFreeEvent(e: AskFreeEvent): { event: AskFreeEventName; data: string } {
  return { event: e.event, data: JSON.stringify(e.data) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isTable(v: unknown): v is AnswerTable {
  return isObject(v) && typeof v.title === "string" && Array.isArray(v.columns) && Array.isArray(v.rows);
}

/**
 * One event read back from its `event:` and `data:` fields, or null when it is none of the five or
 * its data has the wrong shape: `delta`, `reset` and `error` as the card's stream reads them
 * (parseAskEvent), `table` and `done` by the fields a reader of a free answer uses.
 */
export function parseAskFreeEvent(event: string, data: string): AskFreeEvent | null {
  if (event === "delta" || event === "reset" || event === "error") {
    const e = parseAskEvent(event, data);
    return e && e.event !== "done" ? e : null;
  }
  const parsed = eventObject(data);
  if (!parsed) return null;
  if (event === "table") return isTable(parsed) ? { event, data: parsed } : null;
  if (event === "done") {
    const whole = parsed.success === true && typeof parsed.response === "string" && Array.isArray(parsed.tables) && isObject(parsed.plan);
    return whole ? { event, data: parsed as AskFreeResponse } : null;
  }
  return null;
}

/** One kept free-text question and its answer (GET /api/ask-coinsight/history). */
export type AskHistoryEntry = {
  id: string;
  question: string;
  plan: AskPlan;
  response: string;
  tables: AnswerTable[];
  asOf: string;
  /** When it was answered (ISO). */
  createdAt: string;
};

/** GET /api/ask-coinsight/history?limit=&before=: newest first; `nextBefore` is the `before` of the next page, null at the end. */
export type AskHistory = { entries: AskHistoryEntry[]; nextBefore: string | null };

/** The history page size when `limit` is not given, and the most one page holds. */
export const ASK_HISTORY_DEFAULT_LIMIT = 20;
export const ASK_HISTORY_MAX_LIMIT = 50;
