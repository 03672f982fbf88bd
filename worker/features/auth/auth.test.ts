import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuthUser, SubscriptionResponse } from "#schema/contracts/auth.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { sessions, subscriptions, users } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { SESSION_IDLE_MS, signSessionToken } from "#worker/lib/session.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { callWithEnv } from "#worker/test/http.ts";

const SESSION = "__Host-coinsight_session";
/** What a browser sends when the reader follows a link on this site. */
const NAVIGATION = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "sec-fetch-user": "?1" };
const db = () => getDb(env.DB);

describe("offline sign-in (no provider configured)", () => {
  it("GET /api/login serves the local, labelled sign-in form that posts back", async () => {
    const res = await new BrowserAgent().fetch("/api/login?returnTo=/markets?tab=watchlist");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await res.text();
    expect(html).toContain("Local development sign-in");
    expect(html).toMatch(/<form method="post" action="\/api\/login"/);
    for (const name of ["email", "firstName", "lastName"]) expect(html).toContain(`name="${name}"`);
    expect(html).toContain('value="/markets?tab=watchlist"');
  });

  it("signs a new member in: session cookie, free tier with 2 trial queries, back to the page they came from", async () => {
    const agent = new BrowserAgent();
    const res = await agent.signInOffline("Ada@Example.com", "Ada", "/markets?tab=watchlist");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/markets?tab=watchlist");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION}=`)) ?? "";
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);

    const me = await agent.json<AuthUser>("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: "ada@example.com", firstName: "Ada", lastName: null, role: "user", isActive: true });

    const sub = await agent.json<SubscriptionResponse>("/api/user/subscription");
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({
      success: true,
      tier: "free",
      subscription: {
        tier: "free",
        status: "active",
        trialQueriesRemaining: 2,
        queryCount: 0,
        queryLimit: 0,
        credits: 0,
        complimentary: false,
        periodEnd: null,
      },
    });
  });

  it("signing in again is the same member, with a fresh session and the old one revoked", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("repeat@example.com", "First");
    const firstToken = agent.cookies.get(SESSION);
    const first = await agent.json<AuthUser>("/api/auth/user");
    await agent.signInOffline("REPEAT@example.com", "Second");
    const second = await agent.json<AuthUser>("/api/auth/user");
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.firstName).toBe("Second");
    expect(agent.cookies.get(SESSION)).not.toBe(firstToken);
    const old = await new BrowserAgent().fetch("/api/auth/user", { headers: { cookie: `${SESSION}=${firstToken}` } });
    expect(old.status).toBe(401);
  });

  it("keeps what was typed and explains each problem when the form is wrong", async () => {
    const res = await new BrowserAgent().fetch("/api/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "not-an-email", firstName: "  ", lastName: "Lovelace", returnTo: "/account" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.getSetCookie().some((c) => c.startsWith(SESSION))).toBe(false);
    const html = await res.text();
    expect(html).toContain("Enter a valid email address");
    expect(html).toContain("Enter your first name");
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain('value="Lovelace"');
    expect(html).toContain('value="/account"');
  });

  it("puts a bad email's message next to the field, linked to it, with the typed address kept and focused", async () => {
    const res = await new BrowserAgent().fetch("/api/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "ada@@example", firstName: "Ada", returnTo: "/account" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    const input = html.match(/<input id="email"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('value="ada@@example"');
    expect(input).toContain('aria-invalid="true"');
    expect(input).toContain('aria-describedby="email-error"');
    expect(input).toContain("autofocus");
    // The message is the element the field points at, right after it, inside the email's own field.
    const field = html.slice(html.indexOf('<input id="email"'), html.indexOf('<label for="firstName"'));
    expect(field).toMatch(/<(p|div) class="field-error" id="email-error">Enter a valid email address[^<]*<\/(p|div)>/);
    // A field that is fine is neither marked nor described.
    const first = html.match(/<input id="firstName"[^>]*>/)?.[0] ?? "";
    expect(first).toContain('value="Ada"');
    expect(first).not.toContain("aria-invalid");
    expect(first).not.toContain("aria-describedby");
    expect(first).not.toContain("autofocus");
  });

  it("escapes what was typed", async () => {
    const res = await new BrowserAgent().fetch("/api/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: '"><script>alert(1)</script>', firstName: "x" }),
    });
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("GET /api/auth/user answers 401 'Unauthorized' when signed out", async () => {
    const res = await new BrowserAgent().json<ErrorBody>("/api/auth/user");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("UNAUTHORIZED");
    expect(res.body.error.message).toContain("Unauthorized");
    expect((await new BrowserAgent().fetch("/api/user/subscription")).status).toBe(401);
  });

  it("bootstraps admins from ADMIN_EMAILS, case and spaces ignored", async () => {
    const agent = new BrowserAgent({ ADMIN_EMAILS: " boss@example.com , other@example.com" });
    await agent.signInOffline("Boss@Example.com", "Boss");
    expect((await agent.json<AuthUser>("/api/auth/user")).body.role).toBe("admin");
    const plain = new BrowserAgent({ ADMIN_EMAILS: "boss@example.com" });
    await plain.signInOffline("worker@example.com", "Worker");
    expect((await plain.json<AuthUser>("/api/auth/user")).body.role).toBe("user");
  });
});

describe("production mode", () => {
  const production = { APP_ENV: "production", SESSION_SECRET: "a-production-secret-of-at-least-32-characters" };

  it("refuses the offline sign-in form: no form, no session, no member", async () => {
    const agent = new BrowserAgent(production);
    const page = await agent.fetch("/api/login");
    expect(page.status).toBe(503);
    expect(await page.text()).not.toContain("<form");
    const post = await agent.signInOffline("intruder@example.com", "Intruder");
    expect(post.status).toBe(503);
    expect(agent.cookies.size).toBe(0);
    expect(await db().select().from(users).where(eq(users.email, "intruder@example.com"))).toEqual([]);
  });

  it("refuses sessions without SESSION_SECRET rather than using the local key", async () => {
    const local = new BrowserAgent();
    await local.signInOffline("local@example.com", "Local");
    const cookie = `${SESSION}=${local.cookies.get(SESSION)}`;
    const res = await callWithEnv({ APP_ENV: "production" }, "/api/auth/user", { headers: { cookie } });
    expect(res.status).toBe(500);
    // With a real secret, a token signed by the local key is just invalid.
    expect((await callWithEnv(production, "/api/auth/user", { headers: { cookie } })).status).toBe(401);
  });
});

describe("sessions", () => {
  it("logout revokes the session server-side, clears the cookie and goes home", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("leaver@example.com", "Leaver");
    const token = agent.cookies.get(SESSION);
    const res = await agent.fetch("/api/logout", { headers: NAVIGATION });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(agent.cookies.has(SESSION)).toBe(false);
    // The token itself is still validly signed: only the server-side revocation stops it.
    const replay = await new BrowserAgent().fetch("/api/auth/user", { headers: { cookie: `${SESSION}=${token}` } });
    expect(replay.status).toBe(401);
    const rows = await db()
      .select()
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, "leaver@example.com"));
    expect(rows.every((r) => r.sessions.revokedAt !== null)).toBe(true);
  });

  it("a logout link from another site asks first instead of signing out", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("cautious@example.com", "Cautious");
    const res = await agent.fetch("/api/logout", { site: "cross-site" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Sign out of Coinsight?");
    expect((await agent.fetch("/api/auth/user")).status).toBe(200);
    const confirmed = await agent.fetch("/api/logout", { method: "POST" });
    expect(confirmed.status).toBe(303);
    expect((await agent.fetch("/api/auth/user")).status).toBe(401);
  });

  it.each<[string, Record<string, string>]>([
    ["an image (![x](/api/logout) in content)", { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" }],
    ["a script", { "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" }],
    ["fetch()", { "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" }],
    ["an iframe", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" }],
    ["a client without Fetch Metadata", {}],
    ["a HEAD request", { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", "x-method": "HEAD" }],
  ])("GET /api/logout from %s asks first instead of signing out", async (_, headers) => {
    const agent = new BrowserAgent();
    await agent.signInOffline(`image-${Object.values(headers).join("-") || "bare"}@example.com`, "Reader");
    const { "x-method": method = "GET", ...fetchMetadata } = headers;
    const res = await agent.fetch("/api/logout", { method, headers: fetchMetadata });
    expect(res.status).toBe(200);
    if (method === "GET") expect(await res.text()).toContain("Sign out of Coinsight?");
    expect((await agent.fetch("/api/auth/user")).status).toBe(200);
  });

  it("an expired session no longer signs anyone in, and its cookie is cleared", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("expired@example.com", "Old");
    const [row] = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, "expired@example.com"));
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.id, row?.id ?? ""));
    const res = await agent.fetch("/api/auth/user");
    expect(res.status).toBe(401);
    expect(agent.cookies.has(SESSION)).toBe(false);
  });

  it("a token past its own expiry is refused even if the row were alive", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("stale@example.com", "Stale");
    const me = await agent.json<AuthUser>("/api/auth/user");
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, me.body.id));
    const stale = await signSessionToken(
      env,
      { sid: row?.id ?? "", userId: me.body.id, expiresAt: new Date(Date.now() - 60_000) },
      "https://coinsight.test/",
    );
    expect((await new BrowserAgent().fetch("/api/auth/user", { headers: { cookie: `${SESSION}=${stale}` } })).status).toBe(401);
  });

  it("a forged or foreign token is refused", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("victim@example.com", "Victim");
    const token = agent.cookies.get(SESSION) ?? "";
    const [header, payload, signature] = token.split(".");
    const tampered = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`;
    expect((await new BrowserAgent().fetch("/api/auth/user", { headers: { cookie: `${SESSION}=${tampered}` } })).status).toBe(401);
    expect((await new BrowserAgent().fetch("/api/auth/user", { headers: { cookie: `${SESSION}=garbage` } })).status).toBe(401);
  });

  it("slides the expiry forward once a day and re-issues the cookie, capped at 90 days", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("regular@example.com", "Regular");
    const me = await agent.json<AuthUser>("/api/auth/user");
    const [before] = await db().select().from(sessions).where(eq(sessions.userId, me.body.id));
    // Same day: no write, no new cookie.
    const quiet = await agent.fetch("/api/auth/user");
    expect(quiet.headers.getSetCookie()).toEqual([]);

    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await db()
      .update(sessions)
      .set({ renewedAt: twoDaysAgo, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })
      .where(eq(sessions.id, before?.id ?? ""));
    const renewed = await agent.fetch("/api/auth/user");
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION}=`))).toBe(true);
    const [after] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, before?.id ?? ""));
    expect(Date.parse(after?.expiresAt ?? "")).toBeGreaterThan(Date.now() + SESSION_IDLE_MS - 60_000);

    // Sliding stops at 90 days after sign-in...
    const created = Date.now() - 80 * 86_400_000;
    await db()
      .update(sessions)
      .set({
        createdAt: new Date(created).toISOString(),
        renewedAt: twoDaysAgo,
        expiresAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      })
      .where(eq(sessions.id, before?.id ?? ""));
    await agent.fetch("/api/auth/user");
    const [capped] = await db()
      .select()
      .from(sessions)
      .where(eq(sessions.id, before?.id ?? ""));
    expect(Date.parse(capped?.expiresAt ?? "")).toBe(created + 90 * 86_400_000);
    // ...and a session older than that is over, whatever its expiry says.
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000).toISOString() })
      .where(eq(sessions.id, before?.id ?? ""));
    expect((await agent.fetch("/api/auth/user")).status).toBe(401);
  });

  it("a disabled member is signed out and cannot sign in again", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("banned@example.com", "Banned");
    await db().update(users).set({ isActive: false }).where(eq(users.email, "banned@example.com"));
    expect((await agent.fetch("/api/auth/user")).status).toBe(401);
    const again = await agent.signInOffline("banned@example.com", "Banned");
    expect(again.status).toBe(403);
    expect(agent.cookies.has(SESSION)).toBe(false);
  });

  it("creates the free record on first read for a member without one", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("legacy@example.com", "Legacy");
    const me = await agent.json<AuthUser>("/api/auth/user");
    await db().delete(subscriptions).where(eq(subscriptions.userId, me.body.id));
    const sub = await agent.json<SubscriptionResponse>("/api/user/subscription");
    expect(sub.body.subscription).toMatchObject({ tier: "free", trialQueriesRemaining: 2 });
  });
});
