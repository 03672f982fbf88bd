import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { MEMBER_HINT_COOKIE, SESSION_COOKIE } from "#schema/contracts/cookies.ts";
import { type RoleSource, sessions, users } from "#schema/db/accounts.ts";
import type { AppEnv } from "./app-env.ts";
import type { Db } from "./db.ts";
import { deriveKey, isProduction, randomToken } from "./secrets.ts";

const DAY_MS = 86_400_000;
/** A session ends after 30 days without a visit... */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** ...and at the latest 90 days after sign-in, however active. */
export const SESSION_MAX_MS = 90 * DAY_MS;
/** Expiry slides forward at most once a day, so reads do not write on every request. */
export const SESSION_RENEW_AFTER_MS = DAY_MS;

const TOKEN_ISSUER = "coinsight";
const TOKEN_AUDIENCE = "coinsight-session";

type Ctx = Context<AppEnv>;

/**
 * Cookies are `__Host-` prefixed (Secure, Path=/, no Domain) on https and on loopback, which
 * browsers treat as secure. A plain-http, non-loopback address (a LAN IP in development) cannot
 * hold Secure cookies, so it gets unprefixed names there; production always insists on Secure.
 */
export function cookieName(c: Ctx, base: string): string {
  return secureCookies(c) ? `__Host-${base}` : base;
}

function secureCookies(c: Ctx): boolean {
  if (isProduction(c.env)) return true;
  const url = new URL(c.req.url);
  return url.protocol === "https:" || isLoopback(url.hostname);
}

export function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function writeCookie(c: Ctx, base: string, value: string, maxAgeSeconds: number, options: { scriptReadable?: boolean } = {}): void {
  setCookie(c, cookieName(c, base), value, {
    path: "/",
    httpOnly: !options.scriptReadable,
    secure: secureCookies(c),
    sameSite: "Lax",
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
  });
}

export function readCookie(c: Ctx, base: string): string | undefined {
  return getCookie(c, cookieName(c, base));
}

export function clearCookie(c: Ctx, base: string, options: { scriptReadable?: boolean } = {}): void {
  deleteCookie(c, cookieName(c, base), { path: "/", secure: secureCookies(c), httpOnly: !options.scriptReadable, sameSite: "Lax" });
}

/** Drops the session cookie and its hint (sign-out, or a session the server no longer honours). */
export function clearSessionCookies(c: Ctx): void {
  clearCookie(c, SESSION_COOKIE);
  clearCookie(c, MEMBER_HINT_COOKIE, { scriptReadable: true });
}

/** Sets the hint for a live session opened before the hint existed. */
export function ensureMemberHint(c: Ctx, expiresAt: Date): void {
  if (readCookie(c, MEMBER_HINT_COOKIE) === undefined) writeMemberHint(c, (expiresAt.getTime() - Date.now()) / 1000);
}

function writeMemberHint(c: Ctx, maxAgeSeconds: number): void {
  writeCookie(c, MEMBER_HINT_COOKIE, "1", maxAgeSeconds, { scriptReadable: true });
}

export type SessionClaims = { sid: string; sub: string; exp: number };

export async function signSessionToken(
  env: Env,
  claims: { sid: string; userId: string; expiresAt: Date },
  requestUrl?: string,
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(await deriveKey(env, "session", requestUrl));
}

/** The token's claims, or null when it is forged, expired, or not a session token. */
export async function verifySessionToken(env: Env, token: string, requestUrl?: string): Promise<SessionClaims | null> {
  const key = await deriveKey(env, "session", requestUrl);
  try {
    const { payload } = await jwtVerify(token, key, { issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || typeof payload.sub !== "string" || typeof payload.exp !== "number") return null;
    return { sid: payload.sid, sub: payload.sub, exp: payload.exp };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(db: Db, userId: string, now = new Date()): Promise<{ id: string; expiresAt: Date }> {
  const id = randomToken(32);
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(sessions).values({
    id,
    userId,
    createdAt: now.toISOString(),
    renewedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return { id, expiresAt };
}

/** The live session and its member: not revoked, not expired, member still active. */
export async function findLiveSession(
  db: Db,
  sid: string,
  now = new Date(),
): Promise<{ session: SessionRow; user: AuthUser; roleSource: RoleSource } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row?.user.isActive) return null;
  const ends = Math.min(Date.parse(row.session.expiresAt), Date.parse(row.session.createdAt) + SESSION_MAX_MS);
  if (ends <= now.getTime()) return null;
  const { id, email, firstName, lastName, role, isActive } = row.user;
  return { session: row.session, user: { id, email, firstName, lastName, role, isActive }, roleSource: row.user.roleSource };
}

/**
 * How long an isolate may reuse a live-session lookup on routes that opt in (`loadUserReused`).
 * A revocation made in this isolate forgets the entries at once; another isolate may honour the
 * revoked session until its entry ends. docs/decisions/performance/session-lookup-reuse.md.
 */
export const SESSION_REUSE_MS = 5_000;
const REUSE_ENTRIES = 1_000;

type Live = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;
const reused = new Map<string, { live: Live; until: number }>();

/** `findLiveSession`, answered from this isolate's memory for `SESSION_REUSE_MS` after a lookup. */
export async function findLiveSessionReused(db: Db, sid: string, now = new Date()): Promise<Live | null> {
  const hit = reused.get(sid);
  if (hit && hit.until > now.getTime()) {
    // The entry is a copy of the row: expiry is still decided now, not when it was read.
    const ends = Math.min(Date.parse(hit.live.session.expiresAt), Date.parse(hit.live.session.createdAt) + SESSION_MAX_MS);
    return ends > now.getTime() ? hit.live : null;
  }
  reused.delete(sid);
  const live = await findLiveSession(db, sid, now);
  if (live) {
    reused.set(sid, { live, until: now.getTime() + SESSION_REUSE_MS });
    // Map keeps insertion order: the first key is the oldest entry.
    if (reused.size > REUSE_ENTRIES) reused.delete(reused.keys().next().value as string);
  }
  return live;
}

/** Drops reused lookups: one session, or (`userId`) every session of a member. */
export function forgetReusedSessions(match: { sid?: string; userId?: string }): void {
  if (match.sid) reused.delete(match.sid);
  if (match.userId) for (const [sid, e] of reused) if (e.live.user.id === match.userId) reused.delete(sid);
}

/**
 * Slides the expiry forward when it was last renewed over a day ago, capped at the absolute
 * lifetime. Returns the new expiry, or null when nothing changed.
 */
export async function renewIfDue(db: Db, session: SessionRow, now = new Date()): Promise<Date | null> {
  if (now.getTime() - Date.parse(session.renewedAt) < SESSION_RENEW_AFTER_MS) return null;
  const cap = Date.parse(session.createdAt) + SESSION_MAX_MS;
  const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, cap));
  if (expiresAt.getTime() <= Date.parse(session.expiresAt)) return null;
  await db.update(sessions).set({ renewedAt: now.toISOString(), expiresAt: expiresAt.toISOString() }).where(eq(sessions.id, session.id));
  return expiresAt;
}

export async function revokeSession(db: Db, sid: string, now = new Date()): Promise<void> {
  forgetReusedSessions({ sid });
  await db
    .update(sessions)
    .set({ revokedAt: now.toISOString() })
    .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt)));
}

/**
 * Signs a member out everywhere: when an account is disabled, re-linked to another identity, or
 * its role changes (a session must never carry rights it was not opened with).
 */
export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  forgetReusedSessions({ userId });
  await db
    .update(sessions)
    .set({ revokedAt: new Date().toISOString() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** An admin whose role came from ADMIN_EMAILS, no longer listed: back to member, signed out everywhere. */
export async function demoteListedAdmin(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ role: "user", roleSource: "default", updatedAt: new Date().toISOString() })
    .where(and(eq(users.id, userId), eq(users.roleSource, "admin-emails")));
  await revokeAllSessions(db, userId);
}

/** Deletes sessions that ended over a week ago (nightly). */
export async function purgeEndedSessions(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 7 * DAY_MS).toISOString();
  const result = await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
  return result.meta.changes ?? 0;
}

/** Issues the session cookie for a fresh or renewed session. */
export async function writeSessionCookie(c: Ctx, session: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  const token = await signSessionToken(c.env, { sid: session.id, userId: session.userId, expiresAt: session.expiresAt }, c.req.url);
  const maxAge = (session.expiresAt.getTime() - Date.now()) / 1000;
  writeCookie(c, SESSION_COOKIE, token, maxAge);
  writeMemberHint(c, maxAge);
}
