import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outbox } from "#schema/db/outbox.ts";
import { getDb } from "#worker/lib/db.ts";
import { createMail } from "./create-mail.ts";
import { createOutboxMail } from "./outbox.ts";

const db = getDb(env.DB);

/** The mail rows the adapter wrote, newest first, read from the table (a port never imports the outbox feature that lists them). */
async function mailRows(limit: number) {
  const rows = await db.select().from(outbox).where(eq(outbox.channel, "email")).orderBy(desc(outbox.id)).limit(limit);
  return rows.map((r) => ({
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    text: r.bodyText,
    html: r.bodyHtml,
    headers: JSON.parse(r.headersJson ?? "{}") as Record<string, string>,
    tags: JSON.parse(r.tagsJson ?? "{}") as Record<string, string>,
  }));
}

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
    const [item] = await mailRows(1);
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
    const rows = await mailRows(10);
    expect(rows.filter((r) => r.subject === "Daily")).toHaveLength(2);
  });
});
