import type { Context } from "hono";
import { EncryptJWT, errors as joseErrors, jwtDecrypt } from "jose";
import { z } from "zod";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { deriveKey } from "#worker/lib/secrets.ts";
import { clearCookie, readCookie, writeCookie } from "#worker/lib/session.ts";
import type { PendingSignIn } from "#worker/ports/identity/identity.ts";

/** A sign-in started at the provider must come back within this time. */
const SIGN_IN_TTL_S = 10 * 60;
const COOKIE = "coinsight_signin";

const pendingSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string(), returnTo: z.string() });

/**
 * The pending sign-in (state, nonce, PKCE verifier, return path) travels in an encrypted,
 * HttpOnly cookie bound to this browser, so a callback can only complete the sign-in that the
 * same browser started (login CSRF) and nothing about it is readable on the way.
 */
export async function savePendingSignIn(c: Context<AppEnv>, pending: PendingSignIn): Promise<void> {
  const sealed = await new EncryptJWT({ ...pending })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(`${SIGN_IN_TTL_S}s`)
    .encrypt(await deriveKey(c.env, "sign-in-state", c.req.url));
  writeCookie(c, COOKIE, sealed, SIGN_IN_TTL_S);
}

/** The pending sign-in, consumed (the cookie is cleared whatever the outcome). Null when absent, expired or tampered. */
export async function takePendingSignIn(c: Context<AppEnv>): Promise<PendingSignIn | null> {
  const sealed = readCookie(c, COOKIE);
  clearCookie(c, COOKIE);
  if (!sealed) return null;
  const key = await deriveKey(c.env, "sign-in-state", c.req.url);
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    });
    const parsed = pendingSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
