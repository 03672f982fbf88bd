import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { ApiError } from "./errors.ts";
import { type RouteLine, routeMatcher } from "./path-pattern.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins the site's own pages are served from: the request's, and the configured public one. */
export function siteOrigins(c: Context<AppEnv>): Set<string> {
  const allowed = new Set([new URL(c.req.url).origin]);
  const publicOrigin = URL.parse(c.env.PUBLIC_ORIGIN ?? "")?.origin;
  if (publicOrigin) allowed.add(publicOrigin);
  return allowed;
}

/**
 * A WebSocket upgrade is a GET, so `sameOriginWrites` lets it through, yet it rides on the visitor's
 * cookies like a write (cross-site WebSocket hijacking). Browsers always send Origin on one: only the
 * site's own pages may open it.
 */
export function fromSitePage(c: Context<AppEnv>): boolean {
  const origin = c.req.header("origin");
  return origin !== undefined && siteOrigins(c).has(origin);
}

/**
 * Refuses state-changing requests a browser sends on behalf of another site (CSRF), on top of
 * SameSite=Lax cookies. Browsers label every request with Sec-Fetch-Site and send Origin on
 * non-GET requests; either one naming another origin is refused. Requests with neither come from
 * non-browser clients, which cannot ride on a visitor's cookies. `exempt` lists the routes that
 * authenticate themselves (signed webhooks have no Origin and must not be refused).
 */
export function sameOriginWrites(options: { exempt?: readonly RouteLine[] } = {}) {
  const exempt = (options.exempt ?? []).map(routeMatcher);
  const isExempt = (method: string, path: string) => exempt.some((matches) => matches(method, path));
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || isExempt(c.req.method, c.req.path)) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const allowed = siteOrigins(c);
    const crossSite = site !== undefined && site !== "same-origin" && site !== "none";
    // Privacy settings (Referrer-Policy: no-referrer) make browsers send "null"; Sec-Fetch-Site still vouches.
    const opaqueButSameOrigin = origin === "null" && site === "same-origin";
    const foreignOrigin = origin !== undefined && !allowed.has(origin) && !opaqueButSameOrigin;
    if (crossSite || foreignOrigin) throw new ApiError("FORBIDDEN", "Forbidden: cross-origin requests cannot change data.");
    return next();
  });
}
