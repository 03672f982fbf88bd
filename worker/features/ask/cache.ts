import type { QuestionType } from "#schema/contracts/ask.ts";

/** A cached answer lives an hour; its key already changes whenever the figures behind it do. */
const TTL_S = 3_600;

export type CachedAnswer = { text: string; asOf: string };

/** One answer per coin, question type, data time and answerer (a live model's answer is not the templates'). */
export function answerCacheKey(symbol: string, type: QuestionType, asOf: string, answerer: string): string {
  return `ask:v1:${symbol.toUpperCase()}:${type}:${asOf}:${answerer}`;
}

export async function readCachedAnswer(kv: KVNamespace, key: string): Promise<CachedAnswer | null> {
  return kv.get<CachedAnswer>(key, "json");
}

export async function writeCachedAnswer(kv: KVNamespace, key: string, answer: CachedAnswer): Promise<void> {
  await kv.put(key, JSON.stringify(answer), { expirationTtl: TTL_S });
}
