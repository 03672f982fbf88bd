/** The HttpOnly session cookie; production names it with the `__Host-` prefix (worker/lib/session.ts). */
export const SESSION_COOKIE = "coinsight_session";
/**
 * Travels with the session cookie and says only "a session may exist": the page reads it to skip
 * `GET /api/auth/user` for guests (no 401 on every guest visit), and the Worker to serve a guest's
 * rendered page. It grants nothing; the HttpOnly session cookie stays the only proof.
 * docs/decisions/accounts/member-hint-cookie.md.
 */
export const MEMBER_HINT_COOKIE = "coinsight_member";

/**
 * HttpOnly: the D1 bookmark of a member's last write, so the member's next read starts from a copy
 * of the database at least that recent (worker/lib/d1-sessions.ts, docs/decisions/performance/d1-read-replicas.md).
 */
export const D1_BOOKMARK_COOKIE = "coinsight_d1";

const matchers = new Map<string, RegExp>();

/** Whether a Cookie header (or `document.cookie`) carries the cookie, under its plain or `__Host-` name. */
export function hasCookie(header: string | null | undefined, name: string): boolean {
  let matcher = matchers.get(name);
  if (!matcher) {
    matcher = new RegExp(`(?:^|;\\s*)(?:__Host-)?${name}=`);
    matchers.set(name, matcher);
  }
  return matcher.test(header ?? "");
}
