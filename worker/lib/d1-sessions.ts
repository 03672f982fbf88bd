import type { MiddlewareHandler } from "hono";
import { D1_BOOKMARK_COOKIE, hasCookie, SESSION_COOKIE } from "#schema/contracts/cookies.ts";
import type { AppEnv } from "./app-env.ts";
import { withReadRetries } from "./d1-retry.ts";
import { readCookie, writeCookie } from "./session.ts";

/** A bookmark as D1 writes them (four hex groups); anything else in the cookie is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
/** Replicas catch up in seconds; after this the bookmark asks for nothing a replica lacks. */
const BOOKMARK_MAX_AGE_S = 10 * 60;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The binding as the rest of the Worker uses it: queries through one D1 session, reads retried on D1's transient errors. */
function throughSession(db: D1Database, session: D1DatabaseSession): D1Database {
  const { prepare, batch } = withReadRetries(session);
  return {
    prepare,
    batch,
    exec: (query: string) => db.exec(query),
    dump: () => db.dump(),
    withSession: (constraint?: string) => db.withSession(constraint),
  } as D1Database;
}

/**
 * Reads near the reader (D1 Sessions API). Each request's queries run in one session: a guest's
 * reads may be served by any replica ("first-unconstrained"); a write starts at the primary; a
 * member's reads start from the bookmark of their last write, kept in an HttpOnly cookie, so the
 * member sees what they just changed (watchlist, account, editor, a fresh sign-in). Cron, the
 * Workflow and the queue consumer use the binding directly, which is the primary.
 */
export function d1Sessions(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.env.DB;
    const cookies = c.req.header("cookie");
    const member = hasCookie(cookies, SESSION_COOKIE);
    const saved = member ? readCookie(c, D1_BOOKMARK_COOKIE) : undefined;
    const bookmark = saved && BOOKMARK.test(saved) ? saved : undefined;
    const write = !READS.has(c.req.method);
    const session = db.withSession(write ? "first-primary" : (bookmark ?? "first-unconstrained"));
    c.env = { ...c.env, DB: throughSession(db, session) };
    await next();
    const latest = session.getBookmark();
    // A member's write, or a sign-in (which writes the session): the next read must see it. A
    // guest's answers never carry the cookie, so they stay the same for everyone.
    const signedIn = c.res.headers.getSetCookie().some((line) => hasCookie(line, SESSION_COOKIE) && !/max-age=0/i.test(line));
    if (!latest || latest === bookmark || !(write || signedIn) || !(member || signedIn)) return;
    // Answers passed through from elsewhere (assets) have immutable headers.
    c.res = new Response(c.res.body, c.res);
    writeCookie(c, D1_BOOKMARK_COOKIE, latest, BOOKMARK_MAX_AGE_S);
  };
}
