import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { hasCookie, SESSION_COOKIE } from "#schema/contracts/cookies.ts";
import type { AppEnv } from "./app-env.ts";
import { CACHE_POLICIES } from "./cache-policies.ts";
import { acceptsGzip, matchColo, type Present, putColo } from "./colo-cache.ts";
import { REQUEST_ID_HEADER } from "./request-id.ts";

/**
 * The colo's Cache API in front of the public reads: answers that are the same for everyone are
 * kept at the edge, so a reader far from the D1 primary is answered without reaching it.
 * docs/decisions/performance/edge-cache.md.
 */
export type PublicCacheRule = {
  /** A path with `:name` segments (one segment each), matched exactly. */
  path: string;
  /** Seconds the colo keeps an answer. */
  ttl: number;
  /** A version read on every request and put into the key: bumping it orphans every entry at once. */
  version?: "content";
  /** The answer may differ for a signed-in request with this query: such requests bypass the cache. */
  signedInVaries?: (query: URLSearchParams) => boolean;
};

const CONTENT = CACHE_POLICIES.contentReads.colo;

/**
 * Not listed: routes that already keep their answer in the colo's cache under a key of validated
 * values (`/api/cryptos?limit=`, `?page=` and `?fromDb=true`, one coin `?fromDb=true`, history, coin
 * articles and social figures, coin categories and their pages, `/api/market/global`: edge-cache.ts), answers made from the isolate's price snapshot in
 * memory (gainers, losers, one coin: small answers, cheaper to make than to look up, measured in
 * docs/performance-history.md), and `/api/site-status` (reads only the Worker's configuration).
 */
export const PUBLIC_CACHE_RULES: PublicCacheRule[] = [
  // An admin's `?page=` list is the editors' desk (private): it never comes from or goes into the cache.
  { path: "/api/articles", ttl: CONTENT, version: "content", signedInVaries: (q) => q.has("page") && !q.has("kind") },
  // Before `:slug`, which it would otherwise match (and never be stored: it has no slug to validate).
  { path: "/api/articles/trending", ttl: CONTENT, version: "content" },
  { path: "/api/articles/:slug", ttl: CONTENT, version: "content" },
  { path: "/api/articles/:slug/related", ttl: CONTENT, version: "content" },
  { path: "/api/categories", ttl: CONTENT, version: "content" },
  { path: "/api/categories/:slug", ttl: CONTENT, version: "content" },
  { path: "/api/categories/:slug/articles", ttl: CONTENT, version: "content" },
  { path: "/api/guides", ttl: CONTENT, version: "content" },
  { path: "/api/tags/:slug", ttl: CONTENT, version: "content" },
  { path: "/api/tags/:slug/articles", ttl: CONTENT, version: "content" },
  // Coins (the price tick) and articles (the content version) in one answer; D1's full-text index on a miss.
  { path: "/api/search", ttl: CACHE_POLICIES.search.colo, version: "content" },
];

export type VersionReaders = Record<NonNullable<PublicCacheRule["version"]>, (env: Env) => Promise<string>>;

/** Marks where an answer came from (`HIT`, `MISS`, `BYPASS`), for tests and for reading a trace. */
export const EDGE_CACHE_HEADER = "x-edge-cache";
/** The route's own Cache-Control for browsers, kept beside the colo's lifetime in a stored copy. */
const BROWSER_CC = "x-browser-cache-control";

type Compiled = PublicCacheRule & { pattern: RegExp; names: string[] };

function compile(rule: PublicCacheRule): Compiled {
  const names: string[] = [];
  const source = rule.path
    .split("/")
    .map((seg) => {
      if (!seg.startsWith(":")) return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(seg.slice(1));
      return "([^/]+)";
    })
    .join("/");
  return { ...rule, pattern: new RegExp(`^${source}$`), names };
}

const signedIn = (c: Context<AppEnv>): boolean => hasCookie(c.req.header("cookie"), SESSION_COOKIE);

type Validated = { valid(target: "query" | "param"): unknown };

/**
 * Stored only when the route validated every raw parameter and each one reads back exactly as sent
 * (`limit=10`, not `limit=010`): entries are made from validated values only, and the many spellings
 * of one query cannot each fill the cache. Defaults the route added are fine: they follow from the rest.
 */
function roundTrips(c: Context<AppEnv>, query: URLSearchParams, params: Record<string, string>): boolean {
  const req = c.req as unknown as Validated;
  const keys = [...query.keys()];
  if (new Set(keys).size !== keys.length) return false;
  const validQuery = (req.valid("query") ?? {}) as Record<string, unknown>;
  for (const [k, v] of query) if (validQuery[k] === undefined || String(validQuery[k]) !== v) return false;
  const names = Object.keys(params);
  if (names.length === 0) return true;
  const validParams = (req.valid("param") ?? {}) as Record<string, unknown>;
  return names.every((k) => validParams[k] !== undefined && String(validParams[k]) === params[k]);
}

/**
 * The copy a colo keeps of an answer: its body and headers, with the colo's lifetime as its
 * Cache-Control and the answer's own kept aside for browsers. Never a cookie or a Vary (the key
 * already says whom an entry is for), nor the request id (each answer gets its own: request-id.ts).
 */
export async function storedCopy(res: Response, ttl: number): Promise<Response> {
  return new Response(await res.clone().arrayBuffer(), { status: 200, headers: storedHeaders(res.headers, ttl) });
}

/** The headers `storedCopy` keeps a copy with, for a caller that has read the answer's body itself. */
export function storedHeaders(answered: Headers, ttl: number): Headers {
  const headers = new Headers(answered);
  for (const name of ["set-cookie", "vary", REQUEST_ID_HEADER, BROWSER_CC, EDGE_CACHE_HEADER]) headers.delete(name);
  const browser = answered.get("cache-control");
  if (browser) headers.set(BROWSER_CC, browser);
  headers.set("cache-control", `public, max-age=${ttl}`);
  return headers;
}

/**
 * How an answer from a colo's copy is presented: the headers it was stored with, the browser's
 * Cache-Control again, `extra` set, marked HIT. Applied once per remembered copy (colo-cache.ts), so
 * make it once, at module level.
 */
export function presentStoredCopy(extra: Record<string, string> = {}): Present {
  return (stored) => {
    const headers = new Headers(stored);
    const browser = headers.get(BROWSER_CC);
    headers.delete(BROWSER_CC);
    if (browser) headers.set("cache-control", browser);
    else headers.delete("cache-control");
    // The runtime's own marks on a cached copy are not part of the answer.
    for (const name of ["cf-cache-status", "age", "expires"]) headers.delete(name);
    for (const [name, value] of Object.entries(extra)) headers.set(name, value);
    headers.set(EDGE_CACHE_HEADER, "HIT");
    return [...headers];
  };
}

const PUBLIC_HIT = presentStoredCopy();

/** Only a plain, public, cookie-free 200 is shared: anything else is answered and forgotten. */
export function storable(res: Response): boolean {
  if (res.status !== 200 || res.headers.has("set-cookie")) return false;
  const cc = res.headers.get("cache-control") ?? "";
  return !/private|no-store|no-cache/i.test(cc);
}

export function publicEdgeCache(versions: VersionReaders, rules: PublicCacheRule[] = PUBLIC_CACHE_RULES) {
  const compiled = rules.map(compile);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = new URL(c.req.url);
    let rule: Compiled | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of compiled) {
      match = r.pattern.exec(url.pathname);
      if (match) {
        rule = r;
        break;
      }
    }
    if (!rule || !match) return next();
    const query = url.searchParams;
    if (rule.signedInVaries?.(query) && signedIn(c)) {
      await next();
      c.header(EDGE_CACHE_HEADER, "BYPASS");
      return;
    }
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(rule.names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? "")]));
    } catch {
      return next();
    }

    const sorted = [...query].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (rule.version) sorted.push(["__v", await versions[rule.version](c.env)]);
    const key = `${url.origin}/__edge${url.pathname}?${new URLSearchParams(sorted)}`;
    const hit = await matchColo(key, Date.now(), { gzip: acceptsGzip(c.req.header("accept-encoding")), present: PUBLIC_HIT });
    if (hit) return hit;

    await next();
    const res = c.res;
    if (!storable(res) || !roundTrips(c, query, params)) {
      c.header(EDGE_CACHE_HEADER, "BYPASS");
      return;
    }
    c.executionCtx.waitUntil(putColo(key, await storedCopy(res, rule.ttl)));
    c.header(EDGE_CACHE_HEADER, "MISS");
  });
}
