import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { createMail } from "./create-mail.ts";
import { createOutboxMail } from "./outbox.ts";

const db = getDb(env.DB);

describe("offline mail adapter (outbox)", () => {
  it("is what createMail picks without MAIL_API_KEY, and resend with it", () => {
    expect(createMail({ DB: env.DB }).source).toBe("outbox");
    expect(createMail({ DB: env.DB, MAIL_API_KEY: "re_x" }).source).toBe("resend");
  });

  it("writes each mail to the outbox with its parts, headers and tags", async () => {
    const mail = createOutboxMail(db);
    const sent = await mail.send({
      to: "ada@example.com",
      subject: "Confirm your subscription",
      text: "Confirm: https://coinsight.test/api/newsletter/confirm/abc",
      html: "<p>Confirm</p>",
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      tags: { category: "newsletter_confirm" },
    });
    expect(sent.id).toMatch(/^outbox-\d+$/);
    const [item] = await listOutbox(db, { channel: "email", limit: 1 });
    expect(item).toMatchObject({
      channel: "email",
      recipient: "ada@example.com",
      subject: "Confirm your subscription",
      text: "Confirm: https://coinsight.test/api/newsletter/confirm/abc",
      html: "<p>Confirm</p>",
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      tags: { category: "newsletter_confirm" },
    });
  });

  it("keeps one row per idempotency key, so a retried batch is not captured twice", async () => {
    const mail = createOutboxMail(db);
    const batch = ["a@example.com", "b@example.com"].map((to) => ({ to, subject: "Daily", text: "t", html: "<p>h</p>" }));
    const first = await mail.sendBatch(batch, { idempotencyKey: "daily/2026-11-22/1-2" });
    const again = await mail.sendBatch(batch, { idempotencyKey: "daily/2026-11-22/1-2" });
    expect(again).toEqual(first);
    const rows = await listOutbox(db, { channel: "email", limit: 10 });
    expect(rows.filter((r) => r.subject === "Daily")).toHaveLength(2);
  });

  it("lists newest first, filtered by channel and limited", async () => {
    const before = await listOutbox(db, { limit: 200 });
    expect(before.map((r) => r.id)).toEqual([...before.map((r) => r.id)].sort((a, b) => b - a));
    expect(await listOutbox(db, { channel: "social" })).toEqual([]);
    expect(await listOutbox(db, { limit: 1 })).toHaveLength(1);
  });
});
