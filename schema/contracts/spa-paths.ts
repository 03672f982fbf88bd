/**
 * Every path the app has a page for, as web/app/router.tsx spells them (a web test keeps the two
 * equal). The Worker answers any other address with the app's not-found page and HTTP 404.
 */
export const SPA_PATHS = [
  "/",
  "/markets",
  "/coin/:symbol",
  "/bear-invaders",
  "/news",
  "/search",
  "/categories/:slug",
  "/article/:slug",
  "/crypto-101",
  "/crypto-101/:slug",
  "/tag/:slug",
  "/preview/:token",
  "/account",
  "/subscribe",
  "/subscription-success",
  "/unsubscribe",
  "/privacy",
  "/terms",
  "/cookies",
  "/methodology",
  "/ask",
  "/admin",
  "/admin/articles/:id/edit",
  "/admin/trash",
] as const;

const patterns = SPA_PATHS.map((path) => new RegExp(`^${path.replace(/:[a-z]+/g, "[^/]+")}$`));

/** Whether the app has a page at this path (one trailing slash allowed, as the router allows it). */
export function isSpaPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return patterns.some((p) => p.test(path));
}
