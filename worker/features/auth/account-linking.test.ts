import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { sessions, users } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { createSession, revokeAllSessions } from "#worker/lib/session.ts";
import { forgetOidcCaches } from "#worker/ports/identity/oidc.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { type FakeUser, startFakeProvider } from "#worker/test/fake-oidc-provider.ts";

const ISSUER = "https://id.example.test/realms/linking";
const CLIENT = { clientId: "coinsight-web", clientSecret: "linking-secret" };
const LIVE = {
  OIDC_ISSUER: ISSUER,
  OIDC_CLIENT_ID: CLIENT.clientId,
  OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  ADMIN_EMAILS: "boss@example.org,chief@example.org",
};
const SESSION = "__Host-coinsight_session";
const db = () => getDb(env.DB);

let provider: Awaited<ReturnType<typeof startFakeProvider>>;
beforeEach(async () => {
  forgetOidcCaches();
  provider = await startFakeProvider({ issuer: ISSUER, ...CLIENT });
});
afterEach(() => vi.restoreAllMocks());

async function signInAt(agent: BrowserAgent, user: FakeUser): Promise<Response> {
  const start = await agent.fetch("/api/login?returnTo=/account");
  expect(start.status).toBe(302);
  const back = new URL(provider.authorize(start.headers.get("location") ?? "", user));
  return agent.fetch(`${back.pathname}${back.search}`, { site: "cross-site" });
}

describe("email linking", () => {
  it("an email without email_verified never creates a row, never links, never promotes", async () => {
    const attacker = new BrowserAgent(LIVE);
    const res = await signInAt(attacker, { sub: "attacker", email: "boss@example.org", name: "Not Boss" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("verify your email");
    expect(attacker.cookies.has(SESSION)).toBe(false);
    expect(await db().select().from(users).where(eq(users.email, "boss@example.org"))).toEqual([]);

    // The real owner, verified, gets a fresh admin account that the attacker has no session on.
    const owner = new BrowserAgent(LIVE);
    expect((await signInAt(owner, { sub: "owner", email: "boss@example.org", email_verified: true })).status).toBe(302);
    expect((await owner.json<AuthUser>("/api/auth/user")).body.role).toBe("admin");
    expect((await attacker.fetch("/api/auth/user")).status).toBe(401);
  });

  it("a string 'true' is not a verified email either", async () => {
    const agent = new BrowserAgent(LIVE);
    const res = await signInAt(agent, { sub: "stringy", email: "stringy@example.org", email_verified: "true" as unknown as boolean });
    expect(res.status).toBe(400);
    expect(await db().select().from(users).where(eq(users.email, "stringy@example.org"))).toEqual([]);
  });

  it("linking a row created before this fix to a new (issuer, subject) revokes every session it had", async () => {
    // A row an unverified sign-in made before the fix, with the attacker's live session on it.
    const id = crypto.randomUUID();
    await db().insert(users).values({ id, email: "chief@example.org", identityIssuer: ISSUER, identitySubject: "attacker-legacy" });
    const planted = await createSession(db(), id);

    const owner = new BrowserAgent(LIVE);
    expect((await signInAt(owner, { sub: "owner-2", email: "chief@example.org", email_verified: true })).status).toBe(302);
    const me = await owner.json<AuthUser>("/api/auth/user");
    expect(me.body).toMatchObject({ id, role: "admin" });
    const [old] = await db().select().from(sessions).where(eq(sessions.id, planted.id));
    expect(old?.revokedAt).not.toBeNull();
  });

  it("a role change at sign-in revokes the member's other sessions", async () => {
    const before = new BrowserAgent({ ADMIN_EMAILS: "" });
    await before.signInOffline("rising@example.org", "Rising");
    expect((await before.json<AuthUser>("/api/auth/user")).body.role).toBe("user");
    const after = new BrowserAgent({ ADMIN_EMAILS: "rising@example.org" });
    await after.signInOffline("rising@example.org", "Rising");
    expect((await after.json<AuthUser>("/api/auth/user")).body.role).toBe("admin");
    expect((await before.fetch("/api/auth/user")).status).toBe(401);
  });

  it("a sign-in that changes nothing keeps the member's other sessions", async () => {
    const phone = new BrowserAgent();
    await phone.signInOffline("steady@example.org", "Steady");
    const laptop = new BrowserAgent();
    await laptop.signInOffline("steady@example.org", "Steady");
    expect((await phone.fetch("/api/auth/user")).status).toBe(200);
  });
});

describe("revokeAllSessions", () => {
  it("revokes every live session of one member and no one else's", async () => {
    const a = new BrowserAgent();
    await a.signInOffline("all-a@example.org", "A");
    const a2 = new BrowserAgent();
    await a2.signInOffline("all-a@example.org", "A");
    const b = new BrowserAgent();
    await b.signInOffline("all-b@example.org", "B");
    const me = await a.json<AuthUser>("/api/auth/user");
    await revokeAllSessions(db(), me.body.id);
    expect((await a.fetch("/api/auth/user")).status).toBe(401);
    expect((await a2.fetch("/api/auth/user")).status).toBe(401);
    expect((await b.fetch("/api/auth/user")).status).toBe(200);
  });
});

describe("roles from ADMIN_EMAILS", () => {
  it("an address taken off the list is demoted at its next sign-in, and its sessions end", async () => {
    const listed = new BrowserAgent({ ADMIN_EMAILS: "former@example.org" });
    await listed.signInOffline("former@example.org", "Former");
    expect((await listed.json<AuthUser>("/api/auth/user")).body.role).toBe("admin");
    const unlisted = new BrowserAgent({ ADMIN_EMAILS: "someone-else@example.org" });
    await unlisted.signInOffline("former@example.org", "Former");
    expect((await unlisted.json<AuthUser>("/api/auth/user")).body.role).toBe("user");
    expect((await listed.fetch("/api/auth/user")).status).toBe(401);
  });

  it("an admin role given in the admin panel is not taken away by the list", async () => {
    const agent = new BrowserAgent({ ADMIN_EMAILS: "" });
    await agent.signInOffline("panel@example.org", "Panel");
    await db().update(users).set({ role: "admin", roleSource: "admin-panel" }).where(eq(users.email, "panel@example.org"));
    await agent.signInOffline("panel@example.org", "Panel");
    expect((await agent.json<AuthUser>("/api/auth/user")).body.role).toBe("admin");
  });
});

describe("roles from ADMIN_EMAILS take effect on the next request", () => {
  it("an admin whose address leaves the list is demoted and signed out at once, not at the next sign-in", async () => {
    const listed = new BrowserAgent({ ADMIN_EMAILS: "leaving-admin@example.org" });
    await listed.signInOffline("leaving-admin@example.org", "Leaving");
    const cookie = listed.cookieHeader();
    const after = new BrowserAgent({ ADMIN_EMAILS: "someone-else@example.org" });
    const res = await after.fetch("/api/admin/outbox", { headers: { cookie } });
    expect(res.status).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.email, "leaving-admin@example.org"));
    expect(row).toMatchObject({ role: "user", roleSource: "default" });
  });

  it("a panel-made admin is not touched by the list", async () => {
    const agent = new BrowserAgent({ ADMIN_EMAILS: "" });
    await agent.signInOffline("panel-2@example.org", "Panel");
    await db().update(users).set({ role: "admin", roleSource: "admin-panel" }).where(eq(users.email, "panel-2@example.org"));
    expect((await agent.fetch("/api/admin/outbox")).status).toBe(200);
  });
});
