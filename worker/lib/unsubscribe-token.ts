import { base64url, deriveKey, type KeyPurpose } from "./secrets.ts";

/**
 * What every mail list's unsubscribe links share (the newsletter's and the alerts'): a token that is
 * an HMAC of `subject` under a key derived from SESSION_SECRET for `purpose`, and the RFC 2369 +
 * RFC 8058 headers that let mail clients show a one-click Unsubscribe button. `origin` is where the
 * links point: the local key only signs links to a loopback site. Rotating SESSION_SECRET retires
 * the links already mailed.
 */
export async function unsubscribeMac(
  env: Pick<Env, "APP_ENV" | "SESSION_SECRET">,
  purpose: KeyPurpose,
  origin: string,
  subject: string,
): Promise<string> {
  const key = await crypto.subtle.importKey("raw", await deriveKey(env, purpose, origin), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(subject));
  return base64url(new Uint8Array(mac));
}

/** List-Unsubscribe with one-click (RFC 2369 + RFC 8058): `oneClickUrl` must accept a POST of `List-Unsubscribe=One-Click`. */
export function oneClickHeaders(oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
