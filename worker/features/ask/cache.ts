import type { QuestionType } from "#schema/contracts/ask.ts";
import type { AnswerTable } from "#schema/contracts/ask-free-types.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";

/** A cached answer lives an hour; its key already changes whenever the figures behind it do. */
const TTL_S = CACHE_POLICIES.askAnswers.kv;
/** Entries never change under their key, so an isolate may keep the most recent ones in memory. */
const ISOLATE_ENTRIES = 200;

/** A free-text answer (free/free.service.ts) keeps the server's tables beside its text. */
export type CachedAnswer = { text: string; asOf: string; tables?: AnswerTable[] };

const recent = new Map<string, { answer: CachedAnswer; until: number }>();

/**
 * One answer per coin, question type, data time and answerer (a live model's answer is not the
 * templates'). The version changes with the answers' form (v2: figures cited by fact id; v3: latest_news quotes what each item says about the coin).
 */
export function answerCacheKey(symbol: string, type: QuestionType, asOf: string, answerer: string): string {
  return `ask:v3:${symbol.toUpperCase()}:${type}:${asOf}:${answerer}`;
}

function remember(key: string, answer: CachedAnswer, until: number): void {
  recent.delete(key);
  recent.set(key, { answer, until });
  // Map keeps insertion order: the first key is the least recently used.
  if (recent.size > ISOLATE_ENTRIES) recent.delete(recent.keys().next().value as string);
}

/** A new isolate remembers no answer (tests: worker/test/fresh-runtime.ts). */
export function forgetRecentAnswers(): void {
  recent.clear();
}

export async function readCachedAnswer(kv: KVNamespace, key: string, now = Date.now()): Promise<CachedAnswer | null> {
  const hit = recent.get(key);
  if (hit && hit.until > now) {
    remember(key, hit.answer, hit.until);
    return hit.answer;
  }
  const stored = await kv.get<CachedAnswer>(key, "json");
  if (stored) remember(key, stored, now + TTL_S * 1000);
  return stored;
}

export async function writeCachedAnswer(kv: KVNamespace, key: string, answer: CachedAnswer, now = Date.now()): Promise<void> {
  remember(key, answer, now + TTL_S * 1000);
  await kv.put(key, JSON.stringify(answer), { expirationTtl: TTL_S });
}
