import { base64url, deriveKey, type KeyPurpose } from "./secrets.ts";

/**
 * What every mail list's unsubscribe links share (the newsletter's, the alert mails' and the
 * digest's): a sealed token per mail that names one list, one recipient and the time it was issued,
 * readable only by this site; and the RFC 2369 + RFC 8058 headers that let mail clients show a
 * one-click Unsubscribe button (docs/decisions/alerts/per-list-unsubscribe-tokens.md).
 *
 * Sealed, not just signed: the recipient's internal id is inside, and a reader must not see it.
 * AES-256-GCM under a key derived from SESSION_SECRET for this purpose authenticates what it hides,
 * so a changed byte, another list's token or another member's token never reads as valid. A fresh
 * IV per mail makes every mail's token different, so two forwarded mails do not show they go to the
 * same person. `origin` is where the links point: the local key only seals links to a loopback site.
 * Rotating SESSION_SECRET retires the links already mailed.
 */

/** A mailed link works this long; every newer mail of the list carries a fresh one. */
export const UNSUBSCRIBE_LINK_VALID_DAYS = 180;

/**
 * Links mailed before per-list tokens (up to the release of 2026-11-27: the alerts' `<id>.<mac>`, the
 * newsletter's HMAC of the subscriber id) carry no date, so they share one cutoff, about 60 days after
 * that release; from then on they get the expired page.
 */
export const OLD_LINKS_WORK_UNTIL = "2027-01-26T00:00:00.000Z";

const PURPOSE: KeyPurpose = "mail-list-token";
const FORMAT = "1";
const DAY_MS = 86_400_000;
const IV_BYTES = 12;

type Keys = Pick<Env, "APP_ENV" | "SESSION_SECRET">;

/** What a link's token turned out to be: the recipient it unsubscribes, or why it unsubscribes nobody. */
export type TokenCheck = { state: "valid"; subject: string } | { state: "expired" } | { state: "invalid" };

const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

async function aesKey(env: Keys, origin: string): Promise<CryptoKey> {
  const raw = await deriveKey(env, PURPOSE, origin);
  let key = keys.get(raw);
  if (!key) {
    key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(raw, key);
  }
  return key;
}

/** The token one mail of `list` carries for `subject` (a member's or subscriber's id), issued `now`. */
export async function sealUnsubscribeToken(env: Keys, origin: string, list: string, subject: string, now = Date.now()): Promise<string> {
  const plain = new TextEncoder().encode([FORMAT, list, Math.floor(now / 1000).toString(36), subject].join("|"));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await aesKey(env, origin), plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return base64url(out);
}

/** The fields of a token this site sealed, or null for anything else (another format, a changed byte). */
async function unseal(env: Keys, origin: string, token: string): Promise<{ list: string; issuedMs: number; subject: string } | null> {
  const bytes = fromBase64url(token);
  if (!bytes || bytes.length <= IV_BYTES + 16) return null;
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, IV_BYTES) },
      await aesKey(env, origin),
      bytes.slice(IV_BYTES),
    );
  } catch {
    return null;
  }
  const [format, list, issued, ...rest] = new TextDecoder().decode(plain).split("|");
  const issuedMs = Number.parseInt(issued ?? "", 36) * 1000;
  if (format !== FORMAT || !list || !Number.isFinite(issuedMs) || rest.length === 0) return null;
  return { list, issuedMs, subject: rest.join("|") };
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Reads a link's token for `list`. A sealed token counts only for the list it names and within
 * UNSUBSCRIBE_LINK_VALID_DAYS of its issue. Anything else is handed to `oldLinkSubject`, the list's
 * reader for links mailed before sealed tokens, which answers whom it was made for (or null); such a
 * link works until OLD_LINKS_WORK_UNTIL. Expired links are told apart from invalid ones only once
 * they are known to be genuine, so a made-up token never reads as "expired".
 */
export async function readUnsubscribeToken(
  env: Keys,
  origin: string,
  list: string,
  token: string,
  oldLinkSubject: (token: string) => Promise<string | null>,
  now = Date.now(),
): Promise<TokenCheck> {
  const sealed = await unseal(env, origin, token);
  if (sealed) {
    if (sealed.list !== list) return { state: "invalid" };
    if (now >= sealed.issuedMs + UNSUBSCRIBE_LINK_VALID_DAYS * DAY_MS) return { state: "expired" };
    return { state: "valid", subject: sealed.subject };
  }
  const subject = await oldLinkSubject(token);
  if (subject === null) return { state: "invalid" };
  return now < Date.parse(OLD_LINKS_WORK_UNTIL) ? { state: "valid", subject } : { state: "expired" };
}

/** List-Unsubscribe with one-click (RFC 2369 + RFC 8058): `oneClickUrl` must accept a POST of `List-Unsubscribe=One-Click`. */
export function oneClickHeaders(oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
