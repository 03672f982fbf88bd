/** Where the links in newsletter mails point. */
import { isProduction } from "#worker/lib/secrets.ts";
import { oneClickHeaders, readUnsubscribeToken, sealUnsubscribeToken, type TokenCheck } from "#worker/lib/unsubscribe-token.ts";

/** Used when nothing better is known outside production: the origin `npm start` serves. */
const LOCAL_ORIGIN = "http://127.0.0.1:8787";

/**
 * The site's public origin for links in mails: PUBLIC_ORIGIN when set, else the origin the request
 * came in on, else (cron, outside production) the local dev origin. Production without
 * PUBLIC_ORIGIN and without a request has no safe answer: null.
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_ORIGIN" | "APP_ENV">, requestUrl?: string): string | null {
  const configured = env.PUBLIC_ORIGIN?.trim().replace(/\/+$/, "");
  if (configured) return configured;
  if (requestUrl) return new URL(requestUrl).origin;
  return isProduction(env) ? null : LOCAL_ORIGIN;
}

export function confirmUrl(origin: string, token: string): string {
  return `${origin}/api/newsletter/confirm/${encodeURIComponent(token)}`;
}

/** The page a reader opens from the link in the mail body. */
export function unsubscribePageUrl(origin: string, token: string): string {
  return `${origin}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The RFC 8058 endpoint mail clients POST to (and a browser GET is redirected from). */
export function oneClickUrl(origin: string, token: string): string {
  return `${origin}/api/newsletter/one-click/${encodeURIComponent(token)}`;
}

export function articleUrl(origin: string, slug: string): string {
  return `${origin}/article/${encodeURIComponent(slug)}`;
}

/** List-Unsubscribe with one-click (RFC 2369 + RFC 8058): mail clients show an Unsubscribe button. */
export function unsubscribeHeaders(origin: string, token: string): Record<string, string> {
  return oneClickHeaders(oneClickUrl(origin, token));
}

type Keys = Pick<Env, "APP_ENV" | "SESSION_SECRET">;

/**
 * The unsubscribe token in one newsletter mail: sealed for the newsletter and this subscriber
 * (worker/lib/unsubscribe-token.ts), different in every mail and valid for a limited time; nothing
 * about it is stored.
 */
export function unsubscribeToken(env: Keys, origin: string, subscriberId: number, now = Date.now()): Promise<string> {
  return sealUnsubscribeToken(env, origin, "newsletter", String(subscriberId), now);
}

/**
 * Whom a link unsubscribes, or why nobody. `oldLinkSubscriber` finds the subscriber of a link mailed
 * before sealed tokens (by the hash stored for it), which works until OLD_LINKS_WORK_UNTIL.
 */
export function checkUnsubscribeToken(
  env: Keys,
  origin: string,
  token: string,
  oldLinkSubscriber: (token: string) => Promise<string | null>,
  now = Date.now(),
): Promise<TokenCheck> {
  return readUnsubscribeToken(env, origin, "newsletter", token, oldLinkSubscriber, now);
}
