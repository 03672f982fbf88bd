import type { MailList } from "#schema/contracts/alert-rules.ts";
import { safeEqual } from "#worker/lib/secrets.ts";
import { unsubscribeMac } from "#worker/lib/unsubscribe-token.ts";

export { publicOrigin } from "#worker/features/newsletter/index.ts";

type Keys = Pick<Env, "APP_ENV" | "SESSION_SECRET">;

const subject = (userId: string) => `alerts:${userId}`;

/**
 * The token in a member's alert and digest mails: their id and an HMAC of it (the newsletter's
 * helper, under its own key purpose), so the one-click address needs no stored secret and no
 * session. The list it unsubscribes from is in the address, next to the token.
 */
export async function mailToken(env: Keys, origin: string, userId: string): Promise<string> {
  return `${userId}.${await unsubscribeMac(env, "alerts-unsubscribe", origin, subject(userId))}`;
}

/** The member a token was made for, or null when it was not made by this site for this origin. */
export async function memberOfToken(env: Keys, origin: string, token: string): Promise<string | null> {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const expected = await unsubscribeMac(env, "alerts-unsubscribe", origin, subject(userId));
  return safeEqual(token.slice(dot + 1), expected) ? userId : null;
}

/** The one-click address (RFC 8058 POST) and the page a reader opens from the mail (GET). */
export function unsubscribeUrl(origin: string, list: MailList, token: string): string {
  return `${origin}/api/alerts/unsubscribe/${list}/${encodeURIComponent(token)}`;
}

/** Where a member manages alerts and the digest: the watchlist tab. */
export function manageUrl(origin: string): string {
  return `${origin}/markets?tab=watchlist`;
}
