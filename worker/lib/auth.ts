import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { MEMBER_HINT_COOKIE, SESSION_COOKIE } from "#schema/contracts/cookies.ts";
import type { AppEnv } from "./app-env.ts";
import { getDb } from "./db.ts";
import { ApiError } from "./errors.ts";
import {
  clearSessionCookies,
  demoteListedAdmin,
  ensureMemberHint,
  findLiveSession,
  findLiveSessionReused,
  forgetReusedSessions,
  readCookie,
  renewIfDue,
  verifySessionToken,
  writeSessionCookie,
} from "./session.ts";

type Ctx = Context<AppEnv>;

/** ADMIN_EMAILS: comma-separated, case and spaces ignored. */
export function adminEmails(list: string | undefined): Set<string> {
  return new Set(
    (list ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Resolves the request's member from the session cookie once per request: a valid signature, then
 * a live row in D1 (revocation and expiry are decided server-side). A dead cookie is cleared.
 */
export async function resolveUser(c: Ctx, options: { reuse?: boolean } = {}): Promise<AuthUser | null> {
  const known = c.get("user");
  if (known !== undefined) return known;
  c.set("user", null);
  c.set("sessionId", null);
  const token = readCookie(c, SESSION_COOKIE);
  if (!token) {
    // A hint left without its session (a cookie store that kept one and not the other) would make
    // the page ask again on every visit.
    if (readCookie(c, MEMBER_HINT_COOKIE) !== undefined) clearSessionCookies(c);
    return null;
  }
  const claims = await verifySessionToken(c.env, token, c.req.url);
  const db = getDb(c.env.DB);
  const find = options.reuse ? findLiveSessionReused : findLiveSession;
  const live = claims ? await find(db, claims.sid) : null;
  if (!claims || !live || live.user.id !== claims.sub) {
    clearSessionCookies(c);
    return null;
  }
  // An admin made by ADMIN_EMAILS whose address has left the list loses the role now, not at the next sign-in.
  if (live.user.role === "admin" && live.roleSource === "admin-emails" && !adminEmails(c.env.ADMIN_EMAILS).has(live.user.email)) {
    await demoteListedAdmin(db, live.user.id);
    clearSessionCookies(c);
    return null;
  }
  const renewed = await renewIfDue(db, live.session);
  if (renewed) {
    forgetReusedSessions({ sid: live.session.id });
    await writeSessionCookie(c, { id: live.session.id, userId: live.user.id, expiresAt: renewed });
  } else ensureMemberHint(c, new Date(live.session.expiresAt));
  c.set("user", live.user);
  c.set("sessionId", live.session.id);
  return live.user;
}

/** Optional member: routes that serve everyone but answer members differently. */
export const loadUser = createMiddleware<AppEnv>(async (c, next) => {
  await resolveUser(c);
  await next();
});

/**
 * `loadUser` for a route where a revoked session honoured a few more seconds by another isolate
 * costs nothing that matters (Ask: an admin's uncounted question, a member spending their own
 * units): the D1 lookup is reused for `SESSION_REUSE_MS`. Guards keep the authoritative lookup.
 */
export const loadUserReused = createMiddleware<AppEnv>(async (c, next) => {
  await resolveUser(c, { reuse: true });
  await next();
});

/** Refuses signed-out requests with 401 (the message contains "Unauthorized", public-site.md §4). */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!(await resolveUser(c))) throw new ApiError("UNAUTHORIZED", "Unauthorized: please sign in.");
  c.header("cache-control", "private, no-store");
  await next();
});

/** Members with the admin role only: 401 when signed out, 403 otherwise. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await resolveUser(c);
  if (!user) throw new ApiError("UNAUTHORIZED", "Unauthorized: please sign in.");
  if (user.role !== "admin") throw new ApiError("FORBIDDEN", "Forbidden: admin access required.");
  c.header("cache-control", "private, no-store");
  await next();
});

/** The member behind a route guarded by `requireUser` or `requireAdmin`. */
export function currentUser(c: Ctx): AuthUser {
  const user = c.get("user");
  if (!user) throw new ApiError("UNAUTHORIZED", "Unauthorized: please sign in.");
  return user;
}
