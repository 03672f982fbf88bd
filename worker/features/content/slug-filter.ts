import { and, eq, isNull } from "drizzle-orm";
import { articles } from "#schema/db/content.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { contentVersion } from "./content-cache.ts";
import { publishedRedirectSlugs } from "./tag-store.ts";

/**
 * Which article slugs can exist, so a made-up one is answered 404 without a KV or D1 read: a Bloom
 * filter of every published article's slug not in the trash (scheduled ones too: they go live
 * without a new content version). "No" is certain; "maybe" (about 1 in 2,000 made-up slugs, and
 * every real one) goes on to the real lookup. 16 bits a slug: 200 KB for 100,000 articles. One filter per content version, as every cached content
 * list: an article write bumps the version, and the next request builds the next filter.
 * docs/decisions/performance/unknown-addresses.md.
 *
 * Kept in the isolate, shared through KV (one build per version, not one per isolate): built from
 * D1 by the first request that finds neither.
 */
const BITS_PER_SLUG = 16;
const HASHES = 11;
const MIN_BITS = 1024;
/** KV keeps each filter as long as the other versioned content; a new version makes a new one. */
const FILTER_TTL_S = CACHE_POLICIES.slugFilter.kv;

type Filter = { bits: Uint8Array; size: number };

let kept: { version: string; filter: Promise<Filter> } | null = null;

/** FNV-1a over the slug's UTF-16 code units, with a seed: two of these make every probe. */
function fnv(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function* probes(slug: string, size: number): Generator<number> {
  const a = fnv(slug, 0);
  const b = fnv(slug, 0x5bd1e995) | 1;
  for (let i = 0; i < HASHES; i++) yield ((a + Math.imul(i, b)) >>> 0) % size;
}

export function buildFilter(slugs: string[]): Filter {
  const size = Math.max(MIN_BITS, slugs.length * BITS_PER_SLUG);
  const bits = new Uint8Array(Math.ceil(size / 8));
  for (const slug of slugs) {
    for (const p of probes(slug, size)) bits[p >> 3] = (bits[p >> 3] ?? 0) | (1 << (p & 7));
  }
  return { bits, size };
}

export function mayContain(filter: Filter, slug: string): boolean {
  for (const p of probes(slug, filter.size)) {
    if (((filter.bits[p >> 3] ?? 0) & (1 << (p & 7))) === 0) return false;
  }
  return true;
}

/** As stored in KV: the bit count in 4 bytes, then the bits. */
function encode(filter: Filter): ArrayBuffer {
  const out = new Uint8Array(4 + filter.bits.length);
  new DataView(out.buffer).setUint32(0, filter.size);
  out.set(filter.bits, 4);
  return out.buffer;
}

function decode(buffer: ArrayBuffer): Filter | null {
  if (buffer.byteLength < 4) return null;
  const size = new DataView(buffer).getUint32(0);
  const bits = new Uint8Array(buffer, 4);
  return bits.length * 8 >= size && size > 0 ? { bits, size } : null;
}

async function load(env: Pick<Env, "DB" | "KV">, version: string): Promise<Filter> {
  const key = `content:${version}:slug-filter`;
  const stored = await env.KV.get(key, "arrayBuffer");
  const decoded = stored ? decode(stored) : null;
  if (decoded) return decoded;
  const rows = await getDb(env.DB)
    .select({ slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.status, "published"), isNull(articles.deletedAt)));
  // An earlier slug of a published article leads to it (a 301): it must pass the filter too.
  const filter = buildFilter([...rows.map((r) => r.slug), ...(await publishedRedirectSlugs(getDb(env.DB)))]);
  try {
    await env.KV.put(key, encode(filter), { expirationTtl: FILTER_TTL_S });
  } catch (error) {
    // KV allows one write per key per second: another isolate building the same filter won.
    logger("content").warn("slug filter write failed", { key, error });
  }
  return filter;
}

/** False when no public or scheduled article has this slug; true when one may. */
export async function articleMayExist(env: Pick<Env, "DB" | "KV">, slug: string): Promise<boolean> {
  const version = await contentVersion(env);
  if (kept?.version !== version) {
    const filter = load(env, version);
    kept = { version, filter };
    // A failed build is not kept: the next request tries again.
    filter.catch(() => {
      if (kept?.filter === filter) kept = null;
    });
  }
  try {
    return mayContain(await kept.filter, slug);
  } catch {
    // Without a filter every slug may exist: the real lookup answers.
    return true;
  }
}

/** For tests: forget this isolate's filter. */
export function forgetSlugFilter(): void {
  kept = null;
}
