import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { gunzip, gzip } from "#worker/lib/gzip.ts";
import { logger } from "#worker/lib/log.ts";
/**
 * A guest's rendered page kept in KV, beyond the colo: the second level of the page cache
 * (page-cache.ts). A colo that misses reads the copy the first renderer anywhere wrote, so a page is
 * rendered once per key, not once per colo. docs/decisions/performance/page-copies-in-kv.md.
 *
 * The key says everything the page is made from, so a copy is never rewritten with other content:
 * `page:{build}:{content version}:{price tick or "-"}:{host}{path}?{own parameters}`. A new
 * deployment, an article write or a price tick makes new keys; a key is written by its first renderer
 * (and, KV being eventually consistent, perhaps by a few colos that missed it at the same moment: the
 * same page each time, and a write refused by KV's one-write-a-second-per-key limit is dropped).
 */

/** A copy as the colo keeps it: its status, the headers `storedCopy` made, and its body. */
export type PageCopy = { status: number; headers: [string, string][]; body: ArrayBuffer; gzip?: ArrayBuffer };

/** KV's key limit is 512 bytes: an address that would not fit is kept in the colo only. */
const MAX_KEY_BYTES = 512;
/**
 * A price page's copy lives a little longer than its tick (KV's shortest lifetime is 60 s): the next
 * tick's key replaces it anyway.
 */
export const PRICE_PAGE_KV_TTL = CACHE_POLICIES.guestPricePages.kv;
/**
 * A page without prices in its first screen is kept for its content version, at most an hour, and
 * never past the moment the next scheduled article goes live (it may be in the page's lists). The
 * hour bounds what such a page shows from the clock and the market: relative times until the browser
 * hydrates, and the market strip's and a coin chip's figures until their first 30 s poll.
 */
export const CONTENT_PAGE_KV_TTL = CACHE_POLICIES.guestContentPages.kv;
/** KV refuses a lifetime under 60 s. */
const MIN_KV_TTL = 60;

export const PAGE_KV_PREFIX = "page:";

/** The copy's key, or null when the address is too long for a KV key. */
export function pageKvKey(parts: { build: string; content: string; prices: string | null; address: URL }): string | null {
  const { build, content, prices, address } = parts;
  const key = `${PAGE_KV_PREFIX}${build}:${content}:${prices ?? "-"}:${address.host}${address.pathname}${address.search}`;
  return new TextEncoder().encode(key).byteLength <= MAX_KEY_BYTES ? key : null;
}

/** Seconds a copy is kept: a price page's tick, or a content page's hour cut short by the next scheduled article. */
export function pageKvTtl(prices: boolean, nextScheduled: string | null, now = Date.now()): number {
  if (prices) return PRICE_PAGE_KV_TTL;
  const untilScheduled = nextScheduled ? Math.floor((Date.parse(nextScheduled) - now) / 1000) : Number.POSITIVE_INFINITY;
  return Math.max(MIN_KV_TTL, Math.min(CONTENT_PAGE_KV_TTL, untilScheduled));
}

/**
 * One value: the head's length (4 bytes, big-endian), the head as JSON (status and headers), then the
 * body gzipped (a sixth of a page's bytes to move on every colo miss; `copy.gzip` when the caller has
 * it already). One read brings the whole copy; KV's metadata (1 KB) would not hold a page's headers.
 */
export async function encodeCopy(copy: PageCopy): Promise<ArrayBuffer> {
  const head = new TextEncoder().encode(JSON.stringify({ status: copy.status, headers: copy.headers }));
  const body = copy.gzip ?? gzip(copy.body);
  const out = new Uint8Array(4 + head.byteLength + body.byteLength);
  new DataView(out.buffer).setUint32(0, head.byteLength);
  out.set(head, 4);
  out.set(new Uint8Array(body), 4 + head.byteLength);
  return out.buffer;
}

/** The copy in a stored value, or null when the value is not one (a torn or foreign value is a miss). */
export async function decodeCopy(value: ArrayBuffer): Promise<PageCopy | null> {
  if (value.byteLength < 4) return null;
  const length = new DataView(value).getUint32(0);
  if (4 + length > value.byteLength) return null;
  try {
    const head = JSON.parse(new TextDecoder().decode(new Uint8Array(value, 4, length))) as Partial<PageCopy>;
    if (typeof head.status !== "number" || !Array.isArray(head.headers)) return null;
    const gzip = value.slice(4 + length);
    const body = gunzip(gzip);
    return { status: head.status, headers: head.headers, body, gzip };
  } catch {
    return null;
  }
}

/** The copy kept under `key`, or null; a failed read is a miss (the page is rendered instead). */
export async function readPageCopy(kv: KVNamespace, key: string): Promise<PageCopy | null> {
  const value = await kv.get(key, "arrayBuffer").catch(() => null);
  return value ? decodeCopy(value) : null;
}

/**
 * Keeps a copy for `ttl` seconds. A refused write (KV's per-key limit, when colos that missed at the
 * same moment all write the same page) is logged and dropped: the copy another one wrote is the same page.
 */
export async function writePageCopy(kv: KVNamespace, key: string, copy: PageCopy, ttl: number): Promise<boolean> {
  try {
    await kv.put(key, await encodeCopy(copy), { expirationTtl: ttl });
    return true;
  } catch (error) {
    logger("pages").warn("page copy not kept in KV", { key, error });
    return false;
  }
}
