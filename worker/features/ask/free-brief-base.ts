import type { AnswerTable } from "#schema/contracts/ask-free-types.ts";
import type { AskPlan } from "#schema/contracts/ask-plan.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import type { Source } from "#worker/features/newsroom/index.ts";
import type { Db } from "#worker/lib/db.ts";
import type { AnswerBrief, FreeAnswerKind } from "#worker/ports/llm/answer.ts";
import { marketSource } from "./briefs.ts";
import { socialNote } from "./free-figures.ts";

/** What a free-text plan is answered from: the plan, its coins as the price snapshot lists them now, and the member's watchlist. */
export type FreeInput = {
  db: Db;
  d1: D1Database;
  snapshot: PriceSnapshot;
  now: number;
  plan: AskPlan;
  /** The plan's named coins, re-resolved against the snapshot. */
  coins: Crypto[];
  /** The member's watchlist coins the site tracks, by rank; null for a guest (who is never given a watchlist plan). */
  watchlist: Crypto[] | null;
};

/**
 * A free answer's brief, the tables the server shows beside it, and `unanswerable` when the site
 * holds too little to answer (the route then refuses without calling the writer; nothing is counted).
 */
export type FreeBrief = { brief: AnswerBrief; sources: Source[]; tables: AnswerTable[]; unanswerable?: string };

/**
 * The brief of an answer about several coins: each is an entity the text may name, in the order the
 * writer lists them. The question is the plan's summary, which the server wrote.
 */
export function multiBrief(kind: FreeAnswerKind, coins: readonly Crypto[], input: FreeInput): AnswerBrief {
  const first = coins[0] ?? input.snapshot.coins[0];
  return {
    questionType: kind,
    coin: first ? { id: first.id, name: first.name, symbol: first.symbol } : { id: "market", name: "the market", symbol: "" },
    question: input.plan.summary,
    asOf: input.snapshot.updatedAt,
    sections: [],
    named: {},
    entities: coins.map((c) => ({ id: c.id, name: c.name, symbol: c.symbol })),
    notes: [],
  };
}

/** The sources an answer to the plan read: the market, and the price history, social snapshot or articles when it read them. */
/** A one-table brief with its sources; `unanswerable` (why nothing can be said, not counted) when the figures are missing. */
export function tableBrief(brief: AnswerBrief, input: FreeInput, table: AnswerTable, unanswerable: string | undefined): FreeBrief {
  return { brief, sources: sourcesOf(input), tables: [table], ...(unanswerable ? { unanswerable } : {}) };
}

export function sourcesOf(input: FreeInput): Source[] {
  const { plan } = input;
  const out = [marketSource(input.snapshot.source)];
  const history =
    (plan.metric === "change" && (plan.period === "30d" || plan.period === "1y")) || (plan.intent === "range" && plan.period !== "24h");
  if (history) out.push({ name: "Coinsight price history", role: "market" });
  if (plan.metric === "sentiment" || plan.metric === "social_volume") out.push({ name: "Coinsight newsroom social data", role: "social" });
  if (plan.metric === "news") out.push({ name: "Coinsight newsroom articles", role: "writer" });
  return out;
}

/** The notes a table carries when its figures come from the social snapshot. */
export function socialNotes(metric: AskPlan["metric"], date: string | null): string[] {
  return metric === "sentiment" || metric === "social_volume" ? [socialNote(date)] : [];
}

/** "Solana, Ethereum and Bitcoin". */
export function namesOf(coins: readonly Pick<Crypto, "name">[]): string {
  const names = coins.map((c) => c.name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}
