import type { MailList } from "#schema/contracts/alert-rules.ts";
import { base64url, deriveKey, safeEqual } from "#worker/lib/secrets.ts";
import { readUnsubscribeToken, sealUnsubscribeToken, type TokenCheck } from "#worker/lib/unsubscribe-token.ts";

export { publicOrigin } from "#worker/features/newsletter/index.ts";

type Keys = Pick<Env, "APP_ENV" | "SESSION_SECRET">;

/**
 * The token in one alert or digest mail: sealed for that list and that member
 * (worker/lib/unsubscribe-token.ts), so an alert mail's link cannot turn off the digest and no mail
 * shows the member's id.
 */
export function mailToken(env: Keys, origin: string, list: MailList, userId: string, now = Date.now()): Promise<string> {
  return sealUnsubscribeToken(env, origin, list, userId, now);
}

/** Whom a link's token unsubscribes from `list`, or why nobody. */
export function checkMailToken(env: Keys, origin: string, list: MailList, token: string, now = Date.now()): Promise<TokenCheck> {
  return readUnsubscribeToken(env, origin, list, token, (t) => oldLinkMember(env, origin, t), now);
}

/**
 * Links mailed before sealed tokens: `<member id>.<HMAC of "alerts:<id>">`, one for both lists (the list
 * came from the address). They keep working until OLD_LINKS_WORK_UNTIL.
 */
async function oldLinkMember(env: Keys, origin: string, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), await oldLinkMac(env, origin, userId)) ? userId : null;
}

/** The MAC of an old-format link (kept to read those links, and for the tests that mail one). */
export async function oldLinkMac(env: Keys, origin: string, userId: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    await deriveKey(env, "alerts-unsubscribe", origin),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`alerts:${userId}`))));
}

/** The one-click address (RFC 8058 POST) and the page a reader opens from the mail (GET). */
export function unsubscribeUrl(origin: string, list: MailList, token: string): string {
  return `${origin}/api/alerts/unsubscribe/${list}/${encodeURIComponent(token)}`;
}

/** Where a member manages alerts and the digest: the watchlist tab. */
export function manageUrl(origin: string): string {
  return `${origin}/markets?tab=watchlist`;
}
