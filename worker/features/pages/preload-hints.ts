import { escapeXml } from "#worker/lib/html.ts";
import type { PageRequest } from "./page-request.ts";

type Assets = Pick<PageRequest, "env" | "url">;

/** The web build's list of each page's modules (scripts/build/route-modules.ts). */
type RouteModules = Record<string, { js: string[]; css: string[] }>;

/**
 * What a page will ask for first, announced in its HTML so the browser fetches it while the entry
 * script is still downloading: the page's own modules, and the API answers it shows first. Every URL
 * must be exactly the one the page requests (same path, same query order), or the browser fetches it
 * twice; scripts/e2e/preload-hints.e2e.ts checks each page uses every hint it is given.
 */
export type PreloadHints = { route: string; data: string[] };

/** Layout calls every page makes (site status notice, market strip). */
const LAYOUT_DATA = ["/api/site-status", "/api/market/global"];

export function homeHints(): PreloadHints {
  return {
    route: "home",
    data: [
      "/api/categories/daily-roundup/articles?limit=1",
      "/api/categories/trending-analysis/articles?limit=6",
      "/api/cryptos?limit=10",
      "/api/guides",
      "/api/cryptos/gainers",
      "/api/cryptos/losers",
      "/api/articles/trending?limit=12",
    ],
  };
}

/** The Top 500 tab as a first visit opens it (another tab or page in the query: no data hint). */
export function marketsHints(search: string): PreloadHints {
  return { route: "markets", data: search ? [] : ["/api/cryptos?page=1&limit=100&fromDb=true"] };
}

export function coinHints(symbol: string): PreloadHints {
  const s = encodeURIComponent(symbol);
  return {
    route: "coin",
    data: [
      `/api/cryptos/${s}?fromDb=true`,
      `/api/tradingview-mappings/${encodeURIComponent(symbol.toUpperCase())}`,
      `/api/cryptos/${s}/articles?limit=5`,
    ],
  };
}

export function articleHints(slug: string, coinSymbol: string | null): PreloadHints {
  const s = encodeURIComponent(slug);
  const data = [`/api/articles/${s}`, `/api/articles/${s}/related?limit=3`];
  if (coinSymbol) data.push(`/api/cryptos/${encodeURIComponent(coinSymbol)}`);
  return { route: "article", data };
}

export const crypto101Hints = (): PreloadHints => ({ route: "crypto-101", data: ["/api/guides"] });
export const subscribeHints = (): PreloadHints => ({ route: "subscribe", data: [] });
/** Privacy, terms and cookies: our own text, in the page's chunk (web/features/legal). */
export const legalHints = (): PreloadHints => ({ route: "legal", data: [] });
/** A category's articles are asked for with the category's id, which the URL does not carry. */
export const categoryHints = (): PreloadHints => ({ route: "category", data: [] });

/** A tag's page: the tag and its articles (the page asks for both, all of them, and pages on the client). */
export function tagHints(slug: string): PreloadHints {
  const s = encodeURIComponent(slug);
  return { route: "tag", data: [`/api/tags/${s}`, `/api/tags/${s}/articles`] };
}

let modules: Promise<RouteModules> | null = null;

/** Read once per isolate: the file changes only with a deployment, which starts new isolates. */
function routeModules(req: Assets): Promise<RouteModules> {
  modules ??= req.env.ASSETS.fetch(new Request(new URL("/route-modules.json", req.url)))
    .then((res) => (res.ok ? (res.json() as Promise<RouteModules>) : {}))
    .catch(() => ({}));
  const read = modules;
  // A failed or missing read is not kept: the next page tries again.
  void read.then((m) => {
    if (Object.keys(m).length === 0 && modules === read) modules = null;
  });
  return read;
}

/** The page's own chunks and sheets, beyond the entry's. */
export async function pageModules(req: Assets, route: string): Promise<{ js: string[]; css: string[] }> {
  return (await routeModules(req))[route] ?? { js: [], css: [] };
}

/** The <link> tags for a page's hints: modules and styles first, then its data, then the layout's. */
export async function preloadTags(req: Assets, hints: PreloadHints): Promise<string> {
  const own = await pageModules(req, hints.route);
  return [
    // Preloaded, not applied: the page's script applies each sheet with its chunk (and reuses this fetch).
    ...own.css.map((href) => `<link rel="preload" as="style" crossorigin href="${escapeXml(href)}">`),
    ...own.js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeXml(href)}">`),
    // use-credentials: the page's fetch() sends cookies (`credentials: "include"`, web/lib/api.ts); a
    // preload in another credentials mode would not be used and the answer would be fetched twice.
    ...[...hints.data, ...LAYOUT_DATA].map(
      (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeXml(href)}">`,
    ),
  ].join("\n    ");
}

/** For test isolation: forget the module list read by this isolate. */
export function forgetRouteModules(): void {
  modules = null;
}
