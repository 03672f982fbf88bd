/**
 * Ask Coinsight's service: what answers a question, and where a question's answer comes from (the
 * cache, or a brief of the facts Coinsight holds). The route (ask.routes.ts) gates, streams and shapes
 * the HTTP answer around it.
 */
import type { QuestionType } from "#schema/contracts/ask.ts";
import type { Answerer } from "#worker/ports/llm/answer.ts";
import { createAnswerer } from "#worker/ports/llm/create-answerer.ts";
import { type BriefInput, type BriefWithSources, buildBrief } from "./briefs.ts";
import { answerCacheKey, type CachedAnswer, readCachedAnswer } from "./cache.ts";

export type AskDeps = { answerer: Answerer; now: () => number };
export type AskDepsFactory = (env: Env) => AskDeps;
export const defaultAskDeps: AskDepsFactory = (env) => ({ answerer: createAnswerer(env), now: Date.now });

/** Questions whose data time is the price snapshot's: their cache entry is found before any brief is built. */
const SNAPSHOT_TIMED: ReadonlySet<QuestionType> = new Set(["about", "price_movement", "future_price"]);

export type Prepared = { key: string; asOf: string; unanswerable?: string | undefined } & (
  | { cached: CachedAnswer; brief: null }
  | { cached: null; brief: BriefWithSources }
);

/** The cache entry when there is one (without touching D1 for snapshot-timed questions), else the brief to answer from. */
export async function prepare(type: QuestionType, input: BriefInput, answerer: Answerer, kv: KVNamespace): Promise<Prepared> {
  if (SNAPSHOT_TIMED.has(type)) {
    const asOf = input.snapshot.updatedAt;
    const key = answerCacheKey(input.coin.symbol, type, asOf, answerer.source);
    const cached = await readCachedAnswer(kv, key);
    if (cached) return { key, asOf, cached, brief: null };
  }
  const brief = await buildBrief(type, input);
  const key = answerCacheKey(input.coin.symbol, type, brief.brief.asOf, answerer.source);
  if (brief.unanswerable) return { key, asOf: brief.brief.asOf, cached: null, brief, unanswerable: brief.unanswerable };
  const cached = SNAPSHOT_TIMED.has(type) ? null : await readCachedAnswer(kv, key);
  return cached ? { key, asOf: brief.brief.asOf, cached, brief: null } : { key, asOf: brief.brief.asOf, cached: null, brief };
}
