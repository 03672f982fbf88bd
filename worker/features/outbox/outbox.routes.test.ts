import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OutboxList } from "#schema/contracts/outbox.ts";
import { getDb } from "#worker/lib/db.ts";
import { writeOutbox } from "#worker/ports/outbox.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

const ADMINS = { ADMIN_EMAILS: "chief@example.com" };

async function signedIn(email: string, overrides: Partial<Env> = {}) {
  const agent = new BrowserAgent({ ...ADMINS, ...overrides });
  await agent.signInOffline(email, "Someone");
  return agent;
}

describe("GET /api/admin/outbox", () => {
  it("is for admins only: 401 signed out, 403 for members", async () => {
    expect((await new BrowserAgent().fetch("/api/admin/outbox")).status).toBe(401);
    expect((await (await signedIn("reader@example.com")).fetch("/api/admin/outbox")).status).toBe(403);
  });

  it("lists captured mail newest first, filtered by channel and limited", async () => {
    await writeOutbox(getDb(env.DB), [
      {
        channel: "email",
        recipient: "a@example.com",
        subject: "Confirm your subscription",
        text: "first",
        headers: { "X-Kind": "confirm" },
      },
      { channel: "social", recipient: "@coinsight", text: "a post" },
      { channel: "email", recipient: "b@example.com", subject: "Daily Roundup: BTC", text: "second", html: "<p>second</p>" },
    ]);
    const admin = await signedIn("chief@example.com");
    const all = await admin.json<OutboxList>("/api/admin/outbox");
    expect(all.status).toBe(200);
    expect(all.body.mailLive).toBe(false);
    expect(all.body.items.map((i) => i.text)).toEqual(["second", "a post", "first"]);
    expect(all.body.items[2]).toMatchObject({ recipient: "a@example.com", headers: { "X-Kind": "confirm" }, html: null });

    const mail = await admin.json<OutboxList>("/api/admin/outbox?channel=email&limit=1");
    expect(mail.body.items.map((i) => i.subject)).toEqual(["Daily Roundup: BTC"]);
  });

  it("says when mail goes out for real", async () => {
    const admin = await signedIn("chief@example.com", { MAIL_API_KEY: "re_test" });
    expect((await admin.json<OutboxList>("/api/admin/outbox")).body.mailLive).toBe(true);
  });

  it("answers bad queries with the one 400 error", async () => {
    const admin = await signedIn("chief@example.com");
    for (const query of ["channel=fax", "limit=0", "limit=201", "limit=ten", "sort=asc"]) {
      const res = await admin.json<{ error: { code: string } }>(`/api/admin/outbox?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("BAD_REQUEST");
    }
  });
});
