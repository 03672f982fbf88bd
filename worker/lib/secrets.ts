import { ApiError } from "./errors.ts";
import { logger } from "./log.ts";

/**
 * Keys derived from SESSION_SECRET, one per purpose (HKDF), so a token made for one use can never
 * be replayed as another. Without the secret, non-production runs use a fixed local secret (stable
 * across restarts, so local sign-ins survive) on loopback hosts only; production refuses to sign anyone in.
 */
const LOCAL_SECRET = "coinsight-local-development-secret-never-used-in-production";
const MIN_SECRET_LENGTH = 32;

/**
 * "mail-list-token" seals every mail's unsubscribe token; "alerts-unsubscribe" only checks the alert
 * and digest links mailed before those (until OLD_LINKS_WORK_UNTIL in worker/lib/unsubscribe-token.ts).
 */
export type KeyPurpose = "session" | "sign-in-state" | "mail-list-token" | "alerts-unsubscribe";

const cache = new Map<string, Promise<Uint8Array>>();

/** The only APP_ENV values that are not production; anything else is treated as production. */
const NON_PRODUCTION = new Set(["development", "test"]);
const KNOWN_ENVS = new Set(["production", ...NON_PRODUCTION]);

/** Fails closed: every APP_ENV but exactly "development" or "test" (staging, prod, Production...) is production. */
export function isProduction(env: Pick<Env, "APP_ENV">): boolean {
  return !NON_PRODUCTION.has(env.APP_ENV ?? "production");
}

/** APP_ENV as configured when it is one this code knows, else null (a typo must not pick a mode). */
export function knownAppEnv(env: Pick<Env, "APP_ENV">): string | null {
  const value = env.APP_ENV ?? "production";
  return KNOWN_ENVS.has(value) ? value : null;
}

/**
 * Hosts that only a developer's own machine answers: loopback, `*.localhost`, and the reserved
 * `.test` names the worker tests use (RFC 6761: never routed to a deployed Worker). The local
 * identity and the local key are refused anywhere else, whatever APP_ENV says.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host) || host.endsWith(".test")
  );
}

/** A server misconfiguration: logged once per request, answered as the one 500 body. */
export function configError(message: string): ApiError {
  logger("auth").error("not configured", { config: message });
  return new ApiError("INTERNAL", "Sign-in is not configured on this server.");
}

type KeyEnv = Pick<Env, "APP_ENV" | "SESSION_SECRET">;

function sessionSecret(env: KeyEnv, requestUrl: string | undefined): string {
  if (!knownAppEnv(env))
    throw configError(`APP_ENV ${JSON.stringify(env.APP_ENV)} is not one of production, development, test; sessions are refused`);
  const secret = env.SESSION_SECRET;
  if (secret) {
    if (isProduction(env) && secret.length < MIN_SECRET_LENGTH)
      throw configError(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    return secret;
  }
  if (isProduction(env)) throw configError("SESSION_SECRET is not set; sessions are refused in production");
  const host = requestUrl ? URL.parse(requestUrl)?.hostname : undefined;
  if (!host || !isLocalHost(host)) throw configError("SESSION_SECRET is not set; the local key only serves loopback hosts");
  return LOCAL_SECRET;
}

/** `requestUrl`: the request's URL, which decides whether the local key may stand in for SESSION_SECRET. */
export function deriveKey(env: KeyEnv, purpose: KeyPurpose, requestUrl?: string): Promise<Uint8Array> {
  const secret = sessionSecret(env, requestUrl);
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = hkdf(secret, purpose);
    cache.set(id, key);
  }
  return key;
}

async function hkdf(secret: string, purpose: KeyPurpose): Promise<Uint8Array> {
  const enc = new TextEncoder();
  const base = await crypto.subtle.importKey("raw", enc.encode(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: enc.encode("coinsight"), info: enc.encode(purpose) },
    base,
    256,
  );
  return new Uint8Array(bits);
}

/** Random URL-safe text with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function base64url(data: Uint8Array): string {
  let binary = "";
  for (const b of data) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Compares secrets without leaking where they differ through timing. */
export function safeEqual(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  if (x.length !== y.length) return false;
  return crypto.subtle.timingSafeEqual(x, y);
}
