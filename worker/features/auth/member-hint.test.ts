import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

const SESSION = "__Host-coinsight_session";
const HINT = "__Host-coinsight_member";

function setCookieLine(res: Response, name: string): string {
  // The last line for a name is the one a browser keeps.
  return res.headers.getSetCookie().findLast((c) => c.startsWith(`${name}=`)) ?? "";
}

describe("the member hint cookie (lets the page skip GET /api/auth/user for guests)", () => {
  it("is set beside the session at sign-in: readable by the page, otherwise the session's attributes and lifetime", async () => {
    const res = await new BrowserAgent().signInOffline("hint-in@example.com", "Hint");
    const hint = setCookieLine(res, HINT);
    const session = setCookieLine(res, SESSION);
    expect(hint).toMatch(/^__Host-coinsight_member=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    for (const attr of [/Secure/, /SameSite=Lax/, /Path=\//]) expect(hint).toMatch(attr);
    expect(hint).not.toMatch(/Domain=/i);
    expect(hint.match(/Max-Age=(\d+)/)?.[1]).toBe(session.match(/Max-Age=(\d+)/)?.[1]);
    // The hint carries nothing: the session cookie stays HttpOnly and is the only proof.
    expect(session).toMatch(/HttpOnly/);
  });

  it("goes with the session at sign-out", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("hint-out@example.com", "Hint");
    expect(agent.cookies.has(HINT)).toBe(true);
    await agent.fetch("/api/logout", { headers: { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" } });
    expect(agent.cookies.has(SESSION)).toBe(false);
    expect(agent.cookies.has(HINT)).toBe(false);
  });

  it("alone grants nothing, and a guest's stale hint is cleared by the 401", async () => {
    const agent = new BrowserAgent();
    agent.cookies.set(HINT, "1");
    const res = await agent.fetch("/api/auth/user");
    expect(res.status).toBe(401);
    expect(agent.cookies.has(HINT)).toBe(false);
    // A guest without the hint gets no cookie at all.
    const guest = await new BrowserAgent().fetch("/api/auth/user");
    expect(guest.headers.getSetCookie()).toEqual([]);
  });

  it("is cleared with a session the server no longer honours", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("hint-expired@example.com", "Hint");
    const db = getDb(env.DB);
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, "hint-expired@example.com"));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(sessions.id, row?.id ?? ""));
    expect((await agent.fetch("/api/auth/user")).status).toBe(401);
    expect(agent.cookies.has(HINT)).toBe(false);
  });

  it("is given back to a live session that has none (sessions opened before the hint existed)", async () => {
    const agent = new BrowserAgent();
    await agent.signInOffline("hint-old@example.com", "Hint");
    agent.cookies.delete(HINT);
    expect((await agent.fetch("/api/auth/user")).status).toBe(200);
    expect(agent.cookies.get(HINT)).toBe("1");
  });
});
