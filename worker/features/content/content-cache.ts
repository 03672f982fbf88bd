import { and, eq, gt, isNull, min } from "drizzle-orm";
import { articles } from "#schema/db/content.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { CONTENT_VERSION_KEY, VERSION_REUSE_MS } from "./cache-keys.ts";

/**
 * Hot content lists live in KV under versioned keys: `content:{version}:{key}`. Changing any
 * article bumps the version (`invalidateContentCache`), so every old entry is orphaned at once
 * and expires on its own. An entry also knows when the next scheduled article goes live and is
 * ignored from that moment, so a post timed for 09:00 appears at 09:00, not at the next expiry.
 */
/** Upper bound on an entry's life; a changed article invalidates sooner. */
export const CONTENT_CACHE_TTL_S = CACHE_POLICIES.contentReads.kv;

type Entry<T> = { value: T; validUntil: string | null };

let known: { version: string; readAt: number } | null = null;

/**
 * The entries this isolate read or wrote, in front of KV: the keys carry the version, so an entry is
 * right for as long as its version is current (and its scheduled article is not due). A hot read,
 * such as the article a page's head is filled from, then costs no KV read. Values are frozen: every
 * caller shares them. Bounded; least recently used out first.
 */
const MEMO_MAX_ENTRIES = 512;
const MEMO_MAX_BYTES = 4 * 1024 * 1024;
const memo = new Map<string, { entry: Entry<unknown>; bytes: number }>();
let memoBytes = 0;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function memoize(key: string, entry: Entry<unknown>, bytes: number): void {
  forget(key);
  if (bytes > MEMO_MAX_BYTES / 8) return;
  memo.set(key, { entry: deepFreeze(entry), bytes });
  memoBytes += bytes;
  for (const oldest of memo.keys()) {
    if (memo.size <= MEMO_MAX_ENTRIES && memoBytes <= MEMO_MAX_BYTES) break;
    forget(oldest);
  }
}

function forget(key: string): void {
  const kept = memo.get(key);
  if (!kept) return;
  memo.delete(key);
  memoBytes -= kept.bytes;
}

const fresh = (entry: Entry<unknown>, now: string) => entry.validUntil === null || entry.validUntil > now;

/** The version in every content key: the KV cache's here, the edge cache's (public-cache.ts) and the page cache's. */
export async function contentVersion(env: Pick<Env, "KV">, now = Date.now()): Promise<string> {
  if (known && now - known.readAt < VERSION_REUSE_MS) return known.version;
  const version = (await env.KV.get(CONTENT_VERSION_KEY)) ?? "0";
  known = { version, readAt: now };
  return version;
}

/**
 * Call after any write to articles (create, edit, publish, trash, restore, delete): the admin
 * editor and the generation pipeline use it. In production KV's edge cache may keep serving the
 * previous version in other locations for up to a minute.
 */
export async function invalidateContentCache(env: Pick<Env, "KV">): Promise<void> {
  const version = `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  await env.KV.put(CONTENT_VERSION_KEY, version);
  known = { version, readAt: Date.now() };
}

/** For tests that write the version behind this module's back: read it from KV next time (and forget what was read). */
export function forgetContentVersion(): void {
  known = null;
  memo.clear();
  memoBytes = 0;
}

/** The earliest publish time still in the future, or null: the moment cached lists go stale. */
export async function nextScheduledPublish(d1: D1Database, now: string): Promise<string | null> {
  const [row] = await getDb(d1)
    .select({ at: min(articles.publishedAt) })
    .from(articles)
    .where(and(eq(articles.status, "published"), isNull(articles.deletedAt), gt(articles.publishedAt, now)));
  return row?.at ?? null;
}

/**
 * Serves `key` from the content cache, loading (and storing) it on a miss. A null answer (no such
 * article) is never stored: otherwise every made-up slug a visitor types would become a KV write.
 * Callers build `key` from validated parameters only.
 */
export async function cachedContent<T>(env: Pick<Env, "KV" | "DB">, key: string, load: () => Promise<T>): Promise<T> {
  const version = await contentVersion(env);
  const cacheKey = `content:${version}:${key}`;
  const now = new Date().toISOString();
  const remembered = memo.get(cacheKey);
  if (remembered && fresh(remembered.entry, now)) {
    memo.delete(cacheKey);
    memo.set(cacheKey, remembered);
    return remembered.entry.value as T;
  }
  const text = await env.KV.get(cacheKey, "text");
  const hit = text ? (JSON.parse(text) as Entry<T>) : null;
  if (hit && fresh(hit, now)) {
    memoize(cacheKey, hit, text?.length ?? 0);
    return hit.value;
  }

  const [value, validUntil] = await Promise.all([load(), nextScheduledPublish(env.DB, now)]);
  if (value === null || value === undefined) return value;
  const entry: Entry<T> = { value, validUntil };
  const stored = JSON.stringify(entry);
  memoize(cacheKey, JSON.parse(stored) as Entry<T>, stored.length);
  try {
    await env.KV.put(cacheKey, stored, { expirationTtl: CONTENT_CACHE_TTL_S });
  } catch (error) {
    // KV allows one write per key per second; a concurrent miss that loses the race still answers.
    logger("content").warn("content cache write failed", { key: cacheKey, error });
  }
  return value;
}
