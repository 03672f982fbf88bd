import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { vi } from "vitest";

export type FakeUser = { sub: string; email?: string; email_verified?: boolean; given_name?: string; family_name?: string; name?: string };
/** Claims the provider keeps out of the ID token (then only userinfo tells them). */
export type Omitted = (keyof FakeUser)[];

/** Ways the provider can misbehave when it signs the next ID token. */
export type IdTokenFault = "bad-signature" | "wrong-audience" | "expired" | "wrong-nonce" | "wrong-issuer" | "alg-none";

type Grant = { user: FakeUser; nonce: string; challenge: string; redirectUri: string; clientId: string; omit: Omitted };

/**
 * A standards-shaped OpenID Connect provider living behind a `fetch` spy: discovery, a JWKS with a
 * real RSA key, and a token endpoint that checks client credentials, redirect URI and PKCE, then
 * signs real ID tokens. `authorize()` plays the person approving the sign-in at the provider.
 */
export async function startFakeProvider(options: { issuer: string; clientId: string; clientSecret: string }) {
  const { issuer, clientId, clientSecret } = options;
  const keys = await generateKeyPair("RS256", { extractable: true });
  const impostor = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
  const grants = new Map<string, Grant>();
  /** What userinfo answers per subject (the full profile, even when the ID token leaves claims out). */
  const issued = new Map<string, FakeUser>();
  const tokenRequests: { headers: Headers; body: URLSearchParams }[] = [];
  let fault: IdTokenFault | null = null;
  let nextCode = 1;

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  async function idToken(grant: Grant): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const shared = Object.fromEntries(Object.entries(grant.user).filter(([k]) => !grant.omit.includes(k as keyof FakeUser)));
    const claims: JWTPayload = { ...shared, nonce: fault === "wrong-nonce" ? "another-nonce" : grant.nonce };
    if (fault === "alg-none") {
      const enc = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
      return `${enc({ alg: "none", typ: "JWT" })}.${enc({ ...claims, iss: issuer, aud: clientId, iat: now, exp: now + 300 })}.`;
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid: "key-1", typ: "JWT" })
      .setIssuer(fault === "wrong-issuer" ? "https://evil.example.test" : issuer)
      .setAudience(fault === "wrong-audience" ? "someone-else" : grant.clientId)
      .setSubject(grant.user.sub)
      .setIssuedAt(fault === "expired" ? now - 7200 : now)
      .setExpirationTime(fault === "expired" ? now - 3600 : now + 300)
      .sign(fault === "bad-signature" ? impostor.privateKey : keys.privateKey);
  }

  async function token(req: Request): Promise<Response> {
    const body = new URLSearchParams(await req.text());
    tokenRequests.push({ headers: req.headers, body });
    const [id, secret] = basicCredentials(req.headers.get("authorization"));
    if (id !== clientId || secret !== clientSecret) return json({ error: "invalid_client" }, 401);
    const grant = grants.get(body.get("code") ?? "");
    if (!grant || body.get("grant_type") !== "authorization_code") return json({ error: "invalid_grant" }, 400);
    grants.delete(body.get("code") ?? "");
    if (body.get("redirect_uri") !== grant.redirectUri) return json({ error: "invalid_grant", error_description: "redirect_uri" }, 400);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body.get("code_verifier") ?? ""));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    if (challenge !== grant.challenge) return json({ error: "invalid_grant", error_description: "PKCE" }, 400);
    issued.set(grant.user.sub, grant.user);
    return json({ access_token: `at-${grant.user.sub}`, token_type: "Bearer", expires_in: 300, id_token: await idToken(grant) });
  }

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    if (url.origin !== new URL(issuer).origin) return new Response("no network in tests", { status: 599 });
    const path = url.pathname.slice(new URL(issuer).pathname.replace(/\/$/, "").length);
    if (path === "/.well-known/openid-configuration") {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ["code"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (path === "/jwks") return json({ keys: [jwk] });
    if (path === "/token" && req.method === "POST") return token(req);
    if (path === "/userinfo") {
      const user = [...issued.values()].find((u) => req.headers.get("authorization") === `Bearer at-${u.sub}`);
      return user ? json(user) : json({ error: "invalid_token" }, 401);
    }
    return json({ error: "not_found" }, 404);
  }

  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => handle(new Request(input, init)));

  return {
    spy,
    tokenRequests,
    /** Misbehave on the next ID tokens (null: behave). */
    setFault(next: IdTokenFault | null) {
      fault = next;
    },
    /** The person approves the sign-in at the provider: returns the callback URL the browser is sent to. */
    authorize(authorizationUrl: string, user: FakeUser, options: { omitFromIdToken?: Omitted } = {}): string {
      const url = new URL(authorizationUrl);
      const p = url.searchParams;
      if (url.origin + url.pathname !== `${issuer}/authorize`) throw new Error(`unexpected authorization URL ${authorizationUrl}`);
      if (
        p.get("response_type") !== "code" ||
        p.get("code_challenge_method") !== "S256" ||
        !p.get("scope")?.split(" ").includes("openid")
      ) {
        throw new Error(`bad authorization request ${authorizationUrl}`);
      }
      const code = `code-${nextCode++}`;
      grants.set(code, {
        user,
        nonce: p.get("nonce") ?? "",
        challenge: p.get("code_challenge") ?? "",
        redirectUri: p.get("redirect_uri") ?? "",
        clientId: p.get("client_id") ?? "",
        omit: options.omitFromIdToken ?? [],
      });
      const back = new URL(p.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      return back.toString();
    },
  };
}

/** RFC 6749 §2.3.1: Basic credentials whose halves are form-encoded. */
function basicCredentials(header: string | null): [string?, string?] {
  if (!header?.startsWith("Basic ")) return [];
  const decoded = atob(header.slice(6));
  const at = decoded.indexOf(":");
  const formDecode = (v: string) => decodeURIComponent(v.replace(/\+/g, " "));
  return [formDecode(decoded.slice(0, at)), formDecode(decoded.slice(at + 1))];
}
