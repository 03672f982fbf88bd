import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CRONS, scheduled } from "#worker/cron/scheduled.ts";
import { listOutbox, OUTBOX_RETENTION_DAYS } from "#worker/features/outbox/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { call } from "#worker/test/http.ts";
import { eventually } from "./test-support.ts";

const DAY = 86_400_000;

/** The mails to an address, newest first, once at least `count` have come through the mail queue (0: as they are now). */
async function mailsTo(to: string, count = 0) {
  const read = async () => (await listOutbox(getDb(env.DB), { channel: "email", limit: 500 })).filter((m) => m.recipient === to);
  return eventually(read, (mails) => mails.length >= count);
}

/** Subscribes and confirms `email`, then signs up again so the "already subscribed" note carries the unsubscribe link. */
async function confirmedWithLink(email: string, ip: string): Promise<string> {
  const signUp = () =>
    call("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": ip },
      body: JSON.stringify({ email }),
    });
  await signUp();
  const link = (await mailsTo(email, 1))[0]?.text.match(/https?:\/\/\S+\/api\/newsletter\/confirm\/\S+/)?.[0] ?? "";
  // The confirmation answers 303 to the home page, which this test Worker has no assets for.
  await call(new URL(link).pathname, { method: "POST", redirect: "manual" });
  await env.DB.prepare("UPDATE newsletter_subscribers SET notice_sent_at = NULL WHERE email = ?").bind(email).run();
  await signUp();
  const note = (await mailsTo(email, 2)).find((m) => m.subject?.startsWith("You're already subscribed"));
  const token = note?.text.match(/\/unsubscribe\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no unsubscribe link mailed to ${email}`);
  return token;
}

describe("outbox retention", () => {
  it("an unsubscribe erases the address from the outbox too", async () => {
    const token = await confirmedWithLink("erased@example.com", "198.51.100.32");
    expect((await mailsTo("erased@example.com", 1)).length).toBeGreaterThan(0);
    await call(`/api/newsletter/unsubscribe/${token}`, { method: "POST" });
    expect(await mailsTo("erased@example.com")).toEqual([]);
  });

  it("the nightly job drops outbox rows past their retention and keeps recent ones", async () => {
    const now = Date.now();
    const old = new Date(now - (OUTBOX_RETENTION_DAYS + 1) * DAY).toISOString();
    await env.DB.prepare("INSERT INTO outbox (channel, recipient, subject, body_text, created_at) VALUES ('email', ?, 's', 'b', ?)")
      .bind("old-mail@example.com", old)
      .run();
    await env.DB.prepare("INSERT INTO outbox (channel, recipient, subject, body_text) VALUES ('email', ?, 's', 'b')")
      .bind("new-mail@example.com")
      .run();
    await scheduled(createScheduledController({ cron: CRONS.nightly, scheduledTime: now }), env);
    expect(await mailsTo("old-mail@example.com")).toEqual([]);
    expect((await mailsTo("new-mail@example.com")).length).toBe(1);
  });
});
