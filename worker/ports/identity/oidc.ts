import { createRemoteJWKSet, customFetch, type JWTPayload, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";
import { base64url, safeEqual } from "#worker/lib/secrets.ts";
import { IdentityError, type OidcIdentityPort, type PendingSignIn, type VerifiedIdentity } from "./identity.ts";

export type OidcOptions = {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenSchema = z.object({ id_token: z.string().min(1), access_token: z.string().optional(), token_type: z.string().optional() });
const userinfoSchema = z.object({
  sub: z.string(),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

/** Asymmetric algorithms only: "none" and shared-secret HMAC ID tokens are never accepted. */
const ASYMMETRIC = new Set(["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]);
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const CLOCK_TOLERANCE_S = 60;

// Per isolate: discovery for an hour, and one key set per jwks_uri (jose refetches on an unknown kid).
const discoveries = new Map<string, { at: number; doc: Discovery }>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** Tests start from a clean isolate state. */
export function forgetOidcCaches(): void {
  discoveries.clear();
  keySets.clear();
}

export function createOidc(options: OidcOptions): OidcIdentityPort {
  const issuer = options.issuer.replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeout = () => AbortSignal.timeout(options.timeoutMs ?? 10_000);

  async function request(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: timeout() });
    } catch (err) {
      throw new IdentityError(
        "unreachable",
        "The sign-in provider could not be reached. Please try again.",
        `${what}: ${(err as Error).message}`,
      );
    }
  }

  async function discover(): Promise<Discovery> {
    const cached = discoveries.get(issuer);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
    const res = await request(`${issuer}/.well-known/openid-configuration`, { headers: { accept: "application/json" } }, "discovery");
    const parsed = discoverySchema.safeParse(res.ok ? await res.json().catch(() => null) : null);
    if (!parsed.success)
      throw new IdentityError("unreachable", "The sign-in provider is misconfigured.", `discovery answered ${res.status}`);
    // OpenID Connect Discovery §4.3: the document must name exactly the issuer we asked.
    if (parsed.data.issuer.replace(/\/+$/, "") !== issuer) {
      throw new IdentityError(
        "unreachable",
        "The sign-in provider is misconfigured.",
        `discovery issuer ${parsed.data.issuer} is not ${issuer}`,
      );
    }
    discoveries.set(issuer, { at: Date.now(), doc: parsed.data });
    return parsed.data;
  }

  function keySet(doc: Discovery) {
    let set = keySets.get(doc.jwks_uri);
    if (!set) {
      set = createRemoteJWKSet(new URL(doc.jwks_uri), { [customFetch]: (url, init) => doFetch(url, init) });
      keySets.set(doc.jwks_uri, set);
    }
    return set;
  }

  async function redeem(doc: Discovery, code: string, pending: PendingSignIn, redirectUri: string) {
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      code_verifier: pending.codeVerifier,
    });
    const headers: Record<string, string> = { accept: "application/json", "content-type": "application/x-www-form-urlencoded" };
    const methods = doc.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    if (options.clientSecret && methods.includes("client_secret_basic")) {
      headers.authorization = `Basic ${btoa(`${formEncode(options.clientId)}:${formEncode(options.clientSecret)}`)}`;
    } else {
      body.set("client_id", options.clientId);
      if (options.clientSecret) body.set("client_secret", options.clientSecret);
    }
    const res = await request(doc.token_endpoint, { method: "POST", headers, body }, "token");
    const parsed = tokenSchema.safeParse(await res.json().catch(() => null));
    if (!res.ok || !parsed.success) {
      throw new IdentityError(
        "token-exchange",
        "The sign-in provider did not accept this sign-in. Please try again.",
        `token endpoint answered ${res.status}`,
      );
    }
    return parsed.data;
  }

  async function verifyIdToken(doc: Discovery, idToken: string, pending: PendingSignIn): Promise<JWTPayload> {
    const offered = doc.id_token_signing_alg_values_supported ?? ["RS256"];
    const algorithms = offered.filter((a) => ASYMMETRIC.has(a));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keySet(doc), {
        issuer: doc.issuer,
        audience: options.clientId,
        algorithms,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ["sub", "iat", "exp"],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) {
        throw new IdentityError("id-token", "The sign-in could not be verified. Please try again.", `${err.code}: ${err.message}`);
      }
      throw err;
    }
    // With several audiences the token must have been issued to us (OIDC Core §3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== options.clientId) {
      throw new IdentityError("id-token", "The sign-in could not be verified. Please try again.", "azp is not our client");
    }
    if (typeof payload.nonce !== "string" || !safeEqual(payload.nonce, pending.nonce)) {
      throw new IdentityError("nonce", "The sign-in could not be verified. Please try again.", "nonce mismatch");
    }
    return payload;
  }

  async function userinfo(doc: Discovery, accessToken: string, subject: string) {
    if (!doc.userinfo_endpoint) return null;
    const res = await request(
      doc.userinfo_endpoint,
      { headers: { accept: "application/json", authorization: `Bearer ${accessToken}` } },
      "userinfo",
    );
    const parsed = userinfoSchema.safeParse(res.ok ? await res.json().catch(() => null) : null);
    // The userinfo subject must be the ID token's (OIDC Core §5.3.2), or the answer is ignored.
    return parsed.success && parsed.data.sub === subject ? parsed.data : null;
  }

  return {
    kind: "oidc",
    issuer,

    async authorizationUrl(pending, redirectUri) {
      const doc = await discover();
      const url = new URL(doc.authorization_endpoint);
      const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(pending.codeVerifier))));
      for (const [k, v] of Object.entries({
        response_type: "code",
        client_id: options.clientId,
        redirect_uri: redirectUri,
        scope: "openid email profile",
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: challenge,
        code_challenge_method: "S256",
      })) {
        url.searchParams.set(k, v);
      }
      return url.toString();
    },

    async complete(callback, pending, redirectUri): Promise<VerifiedIdentity> {
      const state = callback.get("state");
      if (!state || !safeEqual(state, pending.state)) {
        throw new IdentityError("state", "This sign-in link is not valid for this browser. Please sign in again.", "state mismatch");
      }
      const error = callback.get("error");
      if (error) {
        throw new IdentityError(
          "provider-error",
          "The sign-in was cancelled or refused by the provider.",
          `provider error ${error.slice(0, 100)}`,
        );
      }
      const code = callback.get("code");
      if (!code) throw new IdentityError("token-exchange", "The sign-in provider sent no sign-in code. Please try again.", "no code");

      const doc = await discover();
      const tokens = await redeem(doc, code, pending, redirectUri);
      const claims = await verifyIdToken(doc, tokens.id_token, pending);
      const subject = claims.sub as string;
      const info = claims.email === undefined && tokens.access_token ? await userinfo(doc, tokens.access_token, subject) : null;
      const email = stringClaim(claims.email) ?? info?.email;
      if (!email)
        throw new IdentityError("email", "Your sign-in provider did not share an email address, which Coinsight needs.", "no email claim");
      const verifiedClaim = claims.email_verified ?? info?.email_verified;
      // Only `email_verified: true` vouches for the address: anything else (false, absent, the
      // string "true") could be anyone's claim, and the email decides linking and admin rights.
      if (verifiedClaim !== true) {
        throw new IdentityError(
          "email",
          "Please verify your email address with your sign-in provider, then sign in again.",
          "email not verified",
        );
      }
      const fullName = stringClaim(claims.name) ?? info?.name;
      const [first, ...rest] = fullName?.trim().split(/\s+/) ?? [];
      return {
        issuer,
        subject,
        email: email.trim().toLowerCase(),
        emailVerified: true,
        firstName: stringClaim(claims.given_name) ?? info?.given_name ?? first ?? null,
        lastName: stringClaim(claims.family_name) ?? info?.family_name ?? (rest.length ? rest.join(" ") : null),
      };
    },
  };
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}

/** RFC 6749 §2.3.1: client credentials are form-encoded before they go into Basic auth. */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, "+");
}
