import { contentVersion, nextScheduledPublish } from "#worker/features/content/index.ts";
import { readSnapshot } from "#worker/features/cryptos/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { acceptsGzip, matchColo, rememberColo } from "#worker/lib/colo-cache.ts";
import { GZIP_LEVEL, gzipOrNull } from "#worker/lib/gzip.ts";
import { EDGE_CACHE_HEADER, presentStoredCopy, storable, storedHeaders } from "#worker/lib/public-cache.ts";
import { type PageParams, pageAddress } from "./page-query.ts";
import { type PageRequest, rendersPage } from "./page-request.ts";
import { type PageCopy, pageKvKey, pageKvTtl, readPageCopy, writePageCopy } from "./page-store.ts";
import { RENDERED_AHEAD, renderingAhead } from "./rendering-ahead.ts";

/** Vary: Cookie as on every rendered page: a member's browser must not reuse a guest's copy. */
const PAGE_HIT = presentStoredCopy({ vary: "Cookie" });

/**
 * Seconds a colo keeps a guest's rendered page at most. Its key carries what the page is made from:
 * the build (a deployment shows at once), the content version (so does an edit) and, for a page that
 * shows prices, the price tick the isolate holds (the feed's snapshot, every 30 s), so such a page is
 * made once per tick, not once per lifetime. The lifetime bounds a page whose tick stopped (the feed
 * paused) and sends a page without prices back to its KV copy (page-store.ts) every minute.
 * docs/decisions/performance/page-cache.md, page-copies-in-kv.md.
 */
export const PAGE_TTL = CACHE_POLICIES.guestPricePages.colo;

/** Where a guest's page came from (`x-edge-cache`): the colo, KV beyond it, a render, or a render ahead of readers. */
export const PAGE_FROM = { colo: "HIT", kv: "KV", render: "MISS", ahead: RENDERED_AHEAD } as const;

/** A page as answered, and whether it is the one every guest gets (rendered, not a fallback). */
export type PageAnswer = { res: Response; shared: boolean };

/**
 * Makes the page: rendered for `address` (its path and own parameters, page-query.ts), or, when
 * null, the shell the browser renders itself (a member's page, or one the server does not render).
 */
export type MakePage = (address: URL | null) => Promise<PageAnswer>;

/** What a page's copies are kept for: the parameters it reads, and whether its first screen shows prices. */
export type PageKind = { params: PageParams; prices: boolean };

const tickOf = async (env: Env) => (await readSnapshot(env.KV).catch(() => null))?.updatedAt ?? "none";

/** A copy read from KV, answered as a hit is. */
const fromCopy = (copy: PageCopy, present = PAGE_HIT) => new Response(copy.body, { status: copy.status, headers: present(copy.headers) });

/**
 * A guest's rendered page from the isolate's memory, else from KV (the copy the first renderer
 * anywhere kept), else rendered and kept in both (never in the colo's Cache API, page-copies-in-kv.md):
 * rendering costs milliseconds of CPU, a kept copy a lookup.
 * The page is kept for its path and the parameters it reads (`params`), so a tracking or made-up
 * parameter finds the same copy; a member's page is made every time (the shell, cheap) and never
 * touches the shared copies. Rendering ahead (render-ahead.ts) skips the lookups and writes KV.
 */
export async function cachedPage(req: PageRequest, shell: Response, kind: PageKind, make: MakePage): Promise<Response> {
  if (!rendersPage(req)) return (await make(null)).res;
  const { env, url } = req;
  const address = pageAddress(url, kind.params);
  const build = shell.headers.get("etag");
  if (!address || !build) return (await make(address)).res;
  const ahead = renderingAhead();
  const version = await contentVersion(env);
  const prices = async () => (kind.prices ? await tickOf(env) : null);
  const coloKey = (tick: string | null) =>
    `${url.origin}/__page${address.pathname}?${new URLSearchParams({ build, content: version, prices: tick ?? "-", query: address.search })}`;
  const kvKey = (tick: string | null) => pageKvKey({ build, content: version, prices: tick, address });
  // Work after the answer; without an execution context (tests) it finishes before the answer.
  const later = async (work: Promise<unknown>) => (req.waitUntil ? req.waitUntil(work) : await work);

  // Gzipped once per kept page for every reader that takes it (precompressed-answers.md).
  const match = { present: PAGE_HIT, gzip: acceptsGzip(req.acceptEncoding), memoryOnly: true };
  if (!ahead) {
    const tick = await prices();
    const hit = await matchColo(coloKey(tick), Date.now(), match);
    if (hit) return hit;
    const key = kvKey(tick);
    const copy = key ? await readPageCopy(env.KV, key) : null;
    if (copy) {
      // Into this isolate's memory, not the colo's cache: KV keeps a hot key at the colo itself, and
      // a Cache API write of a page costs more than the KV read it would save (page-copies-in-kv.md).
      rememberColo(coloKey(tick), copy, { gzip: copy.gzip ?? null });
      const res = (await matchColo(coloKey(tick), Date.now(), match)) ?? fromCopy(copy);
      res.headers.set(EDGE_CACHE_HEADER, PAGE_FROM.kv);
      return res;
    }
  }

  const made = await make(address);
  if (!made.shared || !storable(made.res)) return made.res;
  // Read once: the bytes are the copies, the gzip and the answer.
  const body = await made.res.arrayBuffer();
  const asMade = () => new Response(body, made.res);
  // Kept under the tick the render read: the first render of all may be the one that made it.
  const tick = await prices();
  const copy: PageCopy = { status: 200, headers: [...storedHeaders(made.res.headers, PAGE_TTL)], body };
  // Gzipped once: for the copy in KV and for this isolate's readers who take gzip. A reader's render
  // compresses faster than a render ahead of readers, to stay within the Free plan's CPU limit.
  const gzip = gzipOrNull(body, ahead ? GZIP_LEVEL.kept : GZIP_LEVEL.reader);
  const key = kvKey(tick);
  const keepInKv = async () => {
    if (!key) return;
    const next = kind.prices ? null : await nextScheduledPublish(env.DB, new Date().toISOString()).catch(() => null);
    await writePageCopy(env.KV, key, { ...copy, gzip: gzip ?? undefined }, pageKvTtl(kind.prices, next));
  };
  if (ahead) {
    // Off the request path already (a tick's or a publish's waitUntil): the write is the work.
    await keepInKv();
    const res = asMade();
    res.headers.set(EDGE_CACHE_HEADER, PAGE_FROM.ahead);
    return res;
  }
  // This isolate's readers find it in memory and the colo's other isolates in KV, as after a colo
  // miss: the colo's Cache API is not written (page-copies-in-kv.md).
  rememberColo(coloKey(tick), copy, { gzip });
  await later(keepInKv());
  // Answered as this isolate's next reader will be: a reader who takes gzip gets the bytes just made
  // for the copies, not a second compression of the same page by the runtime on its way out.
  const answered = (await matchColo(coloKey(tick), Date.now(), match)) ?? asMade();
  answered.headers.set(EDGE_CACHE_HEADER, PAGE_FROM.render);
  return answered;
}
