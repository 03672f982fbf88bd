import { createExecutionContext, env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import type { AppEnv } from "./app-env.ts";
import { currentUser, loadUser, requireAdmin, requireUser } from "./auth.ts";
import { getDb } from "./db.ts";
import { onError } from "./errors.ts";
import { purgeEndedSessions } from "./session.ts";

// A stand-in for the features that will use the guards (admin panel, Ask, payments).
const guarded = new Hono<AppEnv>()
  .get("/public", loadUser, (c) => c.json({ user: c.get("user")?.email ?? null }))
  .get("/member", requireUser, (c) => c.json({ email: currentUser(c).email }))
  .get("/admin", requireAdmin, (c) => c.json({ email: currentUser(c).email }));
guarded.onError(onError);

async function as(agent: BrowserAgent | null, path: string) {
  const headers = agent ? { cookie: agent.cookieHeader() } : undefined;
  // The same ADMIN_EMAILS the agents signed in with: an admin made by the list stays one only while listed.
  const res = await guarded.fetch(
    new Request(`https://coinsight.test${path}`, { headers }),
    { ...env, ADMIN_EMAILS: "chief@example.com" },
    createExecutionContext(),
  );
  return { status: res.status, body: (await res.json()) as ErrorBody & { email?: string; user?: string | null }, res };
}

describe("auth middleware", () => {
  it("loadUser serves everyone and names the member when there is one", async () => {
    const member = new BrowserAgent();
    await member.signInOffline("reader@example.com", "Reader");
    expect((await as(null, "/public")).body.user).toBeNull();
    expect((await as(member, "/public")).body.user).toBe("reader@example.com");
  });

  it("requireUser: 401 signed out, the member otherwise, never cached", async () => {
    const member = new BrowserAgent();
    await member.signInOffline("member@example.com", "Member");
    const out = await as(null, "/member");
    expect(out.status).toBe(401);
    expect(out.body.error.message).toContain("Unauthorized");
    const ok = await as(member, "/member");
    expect(ok.body.email).toBe("member@example.com");
    expect(ok.res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("requireAdmin: 401 signed out, 403 for members, the admin otherwise", async () => {
    const member = new BrowserAgent();
    await member.signInOffline("not-admin@example.com", "Member");
    const admin = new BrowserAgent({ ADMIN_EMAILS: "chief@example.com" });
    await admin.signInOffline("chief@example.com", "Chief");
    expect((await as(null, "/admin")).status).toBe(401);
    const forbidden = await as(member, "/admin");
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe("FORBIDDEN");
    expect((await as(admin, "/admin")).body.email).toBe("chief@example.com");
  });
});

describe("session purge", () => {
  it("deletes sessions that ended over a week ago and keeps the rest", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("purge@example.com", "Purge");
    const db = getDb(env.DB);
    const later = new Date(Date.now() + 40 * 86_400_000);
    expect(await purgeEndedSessions(db, new Date())).toBe(0);
    expect(await purgeEndedSessions(db, later)).toBeGreaterThan(0);
    expect((await agent.fetch("/api/auth/user")).status).toBe(401);
  });
});
