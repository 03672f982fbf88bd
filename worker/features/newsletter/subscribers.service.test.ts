import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { getDb } from "#worker/lib/db.ts";
import type { MailQueue } from "./mail-queue.ts";
import {
  CONFIRM_VALID_DAYS,
  confirm,
  MAIL_FAILED_MESSAGE,
  NOTICE_INTERVAL_MS,
  purgeNewsletterData,
  subscribe,
} from "./subscribers.service.ts";
import { inlineQueue } from "./test-support.ts";

const db = getDb(env.DB);
// Each confirmation is delivered to the queue's consumer at once, which mails it to the outbox.
const mailQueue = inlineQueue();
const origin = "https://coinsight.test";
const T0 = Date.parse("2026-11-22T10:00:00Z");
const DAY = 86_400_000;

async function lastToken(to: string): Promise<string> {
  const [mail] = (await listOutbox(db, { channel: "email", limit: 200 })).filter((m) => m.recipient === to);
  const token = mail?.text.match(/\/api\/newsletter\/confirm\/(\S+)/)?.[1];
  if (!token) throw new Error(`no confirmation mailed to ${to}`);
  return decodeURIComponent(token);
}

const signUp = (email: string, now: number, queue: MailQueue = mailQueue) =>
  subscribe({ db: env.DB, queue, keys: env }, { email, clientKey: `test-${email}`, origin, now });

describe("subscriber lifecycle", () => {
  it("a confirmation link expires after its validity, and an expired signup is purged at night", async () => {
    await signUp("late@example.com", T0);
    const token = await lastToken("late@example.com");
    expect(await confirm(env.DB, token, T0 + CONFIRM_VALID_DAYS * DAY + 1)).toBe("expired");
    const { expiredSignups } = await purgeNewsletterData(env.DB, T0 + CONFIRM_VALID_DAYS * DAY + 1);
    expect(expiredSignups).toBeGreaterThanOrEqual(1);
    const row = await env.DB.prepare("SELECT id FROM newsletter_subscribers WHERE email = 'late@example.com'").first();
    expect(row).toBeNull();
    expect(await confirm(env.DB, token, T0 + CONFIRM_VALID_DAYS * DAY + 2)).toBe("invalid");
  });

  it("a repeated signup after the quiet interval mails a new link and retires the old one", async () => {
    await signUp("twice@example.com", T0);
    const first = await lastToken("twice@example.com");
    await signUp("twice@example.com", T0 + 60_000);
    expect(await lastToken("twice@example.com")).toBe(first); // within the interval: no new mail
    await signUp("twice@example.com", T0 + NOTICE_INTERVAL_MS + 1);
    const second = await lastToken("twice@example.com");
    expect(second).not.toBe(first);
    expect(await confirm(env.DB, first, T0 + NOTICE_INTERVAL_MS + 2)).toBe("invalid");
    expect(await confirm(env.DB, second, T0 + NOTICE_INTERVAL_MS + 2)).toBe("confirmed");
    // Confirming records the consent of the latest signup.
    const row = await env.DB.prepare(
      "SELECT consent_at, confirmed_at FROM newsletter_subscribers WHERE email = 'twice@example.com'",
    ).first<{
      consent_at: string;
      confirmed_at: string;
    }>();
    expect(row?.consent_at).toBe(new Date(T0 + NOTICE_INTERVAL_MS + 1).toISOString());
    expect(row?.confirmed_at).toBe(new Date(T0 + NOTICE_INTERVAL_MS + 2).toISOString());
  });

  it("when the confirmation mail cannot be queued, says so and lets an immediate retry mail it", async () => {
    const down: MailQueue = {
      send: () => Promise.reject(new Error("Queue send failed: 503")),
      sendBatch: () => Promise.reject(new Error("unused")),
    };
    await expect(signUp("retry@example.com", T0, down)).rejects.toMatchObject({ code: "INTERNAL", message: MAIL_FAILED_MESSAGE });
    await signUp("retry@example.com", T0 + 1000);
    expect(await confirm(env.DB, await lastToken("retry@example.com"), T0 + 2000)).toBe("confirmed");
  });

  it("a confirmation link cannot resubscribe someone who unsubscribed", async () => {
    await signUp("gone@example.com", T0);
    const token = await lastToken("gone@example.com");
    const row = await env.DB.prepare("SELECT unsubscribe_token AS t FROM newsletter_subscribers WHERE email = 'gone@example.com'").first<{
      t: string;
    }>();
    await env.DB.prepare(
      "UPDATE newsletter_subscribers SET status = 'unsubscribed', email = NULL, confirm_token_hash = NULL WHERE unsubscribe_token = ?",
    )
      .bind(row?.t)
      .run();
    expect(await confirm(env.DB, token, T0 + 1000)).toBe("invalid");
  });
});
