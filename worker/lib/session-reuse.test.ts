import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AskResponse } from "#schema/contracts/ask.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { ADMIN_EMAIL, send, signedIn } from "#worker/test/signed-in.ts";

const SESSION = "__Host-coinsight_session";

/** Asks `about` with exactly this cookie (a copy of a browser's, kept after it signed out). */
async function askAs(cookie: string | undefined, ip: string) {
  const agent = new BrowserAgent();
  if (cookie) agent.cookies.set(SESSION, cookie);
  const res = await agent.fetch("/api/ask-coinsight", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ coinSymbol: "BTC", coinName: "Bitcoin", questionType: "about", priceChange24h: null }),
  });
  return { status: res.status, body: (await res.json()) as AskResponse };
}

let n = 0;
async function member() {
  n += 1;
  const agent = await signedIn(`reuse-${n}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  return { agent, cookie: agent.cookies.get(SESSION), ip: `192.0.2.${n}` };
}

describe("Ask reuses an isolate's session lookup, and revocation ends it at once", () => {
  it("answers a signed-in ask from the reused lookup: a row changed behind its back is not read", async () => {
    const m = await member();
    expect((await askAs(m.cookie, m.ip)).body.subscription).not.toBeNull();
    // Revoked straight in D1 (not through revokeSession): the reused lookup does not see it...
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ?").bind(new Date().toISOString(), m.agent.user.id).run();
    expect((await askAs(m.cookie, m.ip)).body.subscription).not.toBeNull();
    // ...while every other route keeps the authoritative lookup.
    expect((await m.agent.fetch("/api/auth/user")).status).toBe(401);
  });

  it("answers a free-text question from the same reused lookup; the member's history keeps the authoritative one", async () => {
    const m = await member();
    const question = "what is bitcoin";
    const planned = await m.agent.fetch("/api/ask-coinsight/plan", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question, previous: null }),
    });
    const plan = await planned.json();
    const answer = async () => {
      const agent = new BrowserAgent();
      if (m.cookie) agent.cookies.set(SESSION, m.cookie);
      const res = await agent.fetch("/api/ask-coinsight/answer", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": m.ip },
        body: JSON.stringify({ question, plan }),
      });
      return (await res.json()) as { id: string | null };
    };
    expect((await answer()).id).not.toBeNull();
    await env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ?").bind(new Date().toISOString(), m.agent.user.id).run();
    expect((await answer()).id).not.toBeNull();
    expect((await m.agent.fetch("/api/ask-coinsight/history")).status).toBe(401);
  });

  it("stops honouring a session the moment it signs out", async () => {
    const m = await member();
    expect((await askAs(m.cookie, m.ip)).body.subscription).not.toBeNull();
    expect((await m.agent.fetch("/api/logout", { method: "POST" })).status).toBeLessThan(400);
    const after = await askAs(m.cookie, m.ip);
    expect(after.status).toBe(200);
    expect(after.body.subscription).toBeNull();
  });

  it("stops honouring every session of a member whose role changes (revokeAllSessions)", async () => {
    const m = await member();
    const admin = await signedIn(ADMIN_EMAIL);
    expect((await askAs(m.cookie, m.ip)).body.subscription).not.toBeNull();
    const changed = await send(admin, "POST", `/api/admin/users/${m.agent.user.id}/role`, { role: "admin" });
    expect(changed.status).toBe(200);
    const after = await askAs(m.cookie, m.ip);
    expect(after.body.subscription).toBeNull();
    // Signed out, not promoted: an admin's answer has no limit; a guest's does.
    expect(after.body.rateLimit.remaining).not.toBeNull();
  });
});
