import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { users } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { forgetOidcCaches } from "#worker/ports/identity/oidc.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { type FakeUser, type IdTokenFault, startFakeProvider } from "#worker/test/fake-oidc-provider.ts";

const ISSUER = "https://id.example.test/realms/coinsight";
const CLIENT = { clientId: "coinsight-web", clientSecret: "s3cret with spaces&symbols" };
const LIVE = {
  OIDC_ISSUER: ISSUER,
  OIDC_CLIENT_ID: CLIENT.clientId,
  OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  ADMIN_EMAILS: "root@example.com",
};
const SESSION = "__Host-coinsight_session";
const SIGN_IN = "__Host-coinsight_signin";

let provider: Awaited<ReturnType<typeof startFakeProvider>>;

beforeEach(async () => {
  forgetOidcCaches();
  provider = await startFakeProvider({ issuer: ISSUER, ...CLIENT });
});
afterEach(() => vi.restoreAllMocks());

/** Starts a sign-in in `agent`'s browser and returns the provider's authorization URL. */
async function begin(agent: BrowserAgent, returnTo = "/markets?tab=watchlist"): Promise<string> {
  const res = await agent.fetch(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(res.status).toBe(302);
  return res.headers.get("location") ?? "";
}

/** The provider sends the browser back: a top-level GET from another site. */
function land(agent: BrowserAgent, callbackUrl: string): Promise<Response> {
  const url = new URL(callbackUrl);
  return agent.fetch(`${url.pathname}${url.search}`, { site: "cross-site" });
}

async function refusedWith(agent: BrowserAgent, res: Response, status = 400): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`) && !/Max-Age=0/i.test(c))).toBe(false);
  expect(agent.cookies.has(SESSION)).toBe(false);
  expect((await agent.fetch("/api/auth/user")).status).toBe(401);
  const html = await res.text();
  expect(html).toContain("Sign-in failed");
  return html;
}

const ada: FakeUser = { sub: "user-ada", email: "Ada@Example.com", email_verified: true, given_name: "Ada", family_name: "Lovelace" };

describe("OpenID Connect sign-in against a provider", () => {
  it("completes the full round trip: discovery, PKCE, code exchange, verified ID token, session, return path", async () => {
    const agent = new BrowserAgent(LIVE);
    const authUrl = await begin(agent);
    const auth = new URL(authUrl);
    expect(auth.origin + auth.pathname).toBe(`${ISSUER}/authorize`);
    expect(auth.searchParams.get("client_id")).toBe(CLIENT.clientId);
    expect(auth.searchParams.get("redirect_uri")).toBe("https://coinsight.test/api/callback");
    expect(auth.searchParams.get("scope")).toBe("openid email profile");
    expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
    expect(auth.searchParams.get("state")?.length).toBeGreaterThanOrEqual(43);
    expect(auth.searchParams.get("nonce")?.length).toBeGreaterThanOrEqual(43);
    expect(agent.cookies.has(SIGN_IN)).toBe(true);

    const done = await land(agent, provider.authorize(authUrl, ada));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/markets?tab=watchlist");
    expect(agent.cookies.has(SESSION)).toBe(true);
    expect(agent.cookies.has(SIGN_IN)).toBe(false);

    const me = await agent.json<AuthUser>("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", role: "user" });
    const [row] = await getDb(env.DB).select().from(users).where(eq(users.id, me.body.id));
    expect(row).toMatchObject({ identityIssuer: ISSUER, identitySubject: "user-ada" });

    // The client authenticated with HTTP Basic (form-encoded credentials) and sent its PKCE verifier.
    const [request] = provider.tokenRequests;
    expect(request?.body.get("code_verifier")?.length).toBeGreaterThanOrEqual(43);
    expect(request?.body.get("client_secret")).toBeNull();
  });

  it("matches the member by subject on later sign-ins, and promotes ADMIN_EMAILS with a verified email", async () => {
    const first = new BrowserAgent(LIVE);
    await land(
      first,
      provider.authorize(await begin(first), { sub: "root-1", email: "root@example.com", email_verified: true, name: "Root Admin" }),
    );
    const me = await first.json<AuthUser>("/api/auth/user");
    expect(me.body).toMatchObject({ role: "admin", firstName: "Root", lastName: "Admin" });

    const again = new BrowserAgent(LIVE);
    await land(again, provider.authorize(await begin(again), { sub: "root-1", email: "root@example.com", email_verified: true }));
    expect((await again.json<AuthUser>("/api/auth/user")).body.id).toBe(me.body.id);
  });

  it("asks userinfo for the email when the ID token leaves it out", async () => {
    const agent = new BrowserAgent(LIVE);
    const back = provider.authorize(
      await begin(agent),
      { sub: "quiet", email: "quiet@example.com", email_verified: true },
      { omitFromIdToken: ["email", "email_verified"] },
    );
    expect((await land(agent, back)).status).toBe(302);
    expect((await agent.json<AuthUser>("/api/auth/user")).body.email).toBe("quiet@example.com");
  });

  it.each<[IdTokenFault, string]>([
    ["bad-signature", "a token signed by another key"],
    ["wrong-audience", "a token issued to another client"],
    ["expired", "an expired token"],
    ["wrong-nonce", "a token minted for another sign-in (nonce)"],
    ["wrong-issuer", "a token from another issuer"],
    ["alg-none", "an unsigned token"],
  ])("refuses %s (%s)", async (fault) => {
    const agent = new BrowserAgent(LIVE);
    const authUrl = await begin(agent);
    provider.setFault(fault);
    await refusedWith(agent, await land(agent, provider.authorize(authUrl, { ...ada, sub: `victim-${fault}` })));
    expect(
      await getDb(env.DB)
        .select()
        .from(users)
        .where(eq(users.identitySubject, `victim-${fault}`)),
    ).toEqual([]);
  });

  it("refuses a tampered state without redeeming the code", async () => {
    const agent = new BrowserAgent(LIVE);
    const back = new URL(provider.authorize(await begin(agent), ada));
    back.searchParams.set("state", `${back.searchParams.get("state")}x`);
    await refusedWith(agent, await land(agent, back.toString()));
    expect(provider.tokenRequests).toHaveLength(0);
  });

  it("refuses a callback in a browser that did not start the sign-in (login CSRF)", async () => {
    const victim = new BrowserAgent(LIVE);
    const attacker = new BrowserAgent(LIVE);
    const back = provider.authorize(await begin(attacker), { ...ada, sub: "attacker" });
    const html = await refusedWith(victim, await land(victim, back));
    expect(html).toContain("expired or was started in another browser");
  });

  it("refuses a tampered sign-in cookie and a replayed callback", async () => {
    const agent = new BrowserAgent(LIVE);
    const back = provider.authorize(await begin(agent), ada);
    const sealed = agent.cookies.get(SIGN_IN) ?? "";
    agent.cookies.set(SIGN_IN, `${sealed.slice(0, -6)}AAAAAA`);
    await refusedWith(agent, await land(agent, back));

    const honest = new BrowserAgent(LIVE);
    const ok = provider.authorize(await begin(honest), ada);
    const saved = honest.cookies.get(SIGN_IN) ?? "";
    expect((await land(honest, ok)).status).toBe(302);
    // Even with a copy of the sign-in cookie, the code was redeemed once and the provider refuses it again.
    const replay = new BrowserAgent(LIVE);
    replay.cookies.set(SIGN_IN, saved);
    await refusedWith(replay, await land(replay, ok), 502);
  });

  it("refuses an email the provider marks unverified, and a provider that shares none", async () => {
    const unverified = new BrowserAgent(LIVE);
    const html = await refusedWith(
      unverified,
      await land(unverified, provider.authorize(await begin(unverified), { ...ada, sub: "u1", email_verified: false })),
    );
    expect(html).toContain("verify your email");
    const silent = new BrowserAgent(LIVE);
    await refusedWith(silent, await land(silent, provider.authorize(await begin(silent), { sub: "no-email" })));
  });

  it("shows the provider's refusal (access_denied) as a failed sign-in", async () => {
    const agent = new BrowserAgent(LIVE);
    const auth = new URL(await begin(agent));
    const back = `/api/callback?error=access_denied&state=${auth.searchParams.get("state")}`;
    const html = await refusedWith(agent, await agent.fetch(back, { site: "cross-site" }));
    expect(html).toContain("cancelled or refused");
  });

  it("answers 502 with a retry link when the provider cannot be reached", async () => {
    provider.spy.mockImplementation(async () => new Response("down", { status: 503 }));
    const agent = new BrowserAgent(LIVE);
    const res = await agent.fetch("/api/login?returnTo=/account");
    expect(res.status).toBe(502);
    expect(await res.text()).toContain("/api/login?returnTo=%2Faccount");
  });

  it("does not offer the local form when a provider is configured", async () => {
    const agent = new BrowserAgent(LIVE);
    expect((await agent.signInOffline("sneaky@example.com", "Sneaky")).status).toBe(404);
    expect(agent.cookies.has(SESSION)).toBe(false);
  });

  it("sends the provider back to PUBLIC_ORIGIN when it is set", async () => {
    const agent = new BrowserAgent({ ...LIVE, PUBLIC_ORIGIN: "https://coinsight.news" });
    const auth = new URL(await begin(agent));
    expect(auth.searchParams.get("redirect_uri")).toBe("https://coinsight.news/api/callback");
  });
});
