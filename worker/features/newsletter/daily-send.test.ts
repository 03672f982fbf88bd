import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CRONS } from "#worker/cron/scheduled.ts";
import { listOutbox } from "#worker/features/outbox/outbox.service.ts";
import worker from "#worker/index.ts";
import { randomToken, sha256Hex } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import { MailError, type MailPort } from "#worker/ports/mail/mail.ts";
import { createOutboxMail } from "#worker/ports/mail/outbox.ts";
import { DAILY_ROUNDUP_CATEGORY, TRENDING_ANALYSIS_CATEGORY } from "./daily-content.ts";
import { runDailySend } from "./daily-send.ts";
import { unsubscribeToken } from "./links.ts";

const db = getDb(env.DB);
const testEnv: Env = { ...env, PUBLIC_ORIGIN: "https://coinsight.test" };
const at = (day: string, time = "07:00") => Date.parse(`${day}T${time}:00Z`);

let slug = 0;
async function article(categoryId: number, publishedAt: string, extra: { status?: string; deletedAt?: string; title?: string } = {}) {
  const s = `article-${++slug}`;
  await env.DB.prepare(
    "INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at, deleted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      s,
      extra.title ?? `Title ${slug}`,
      `Excerpt ${slug}`,
      "Body",
      categoryId,
      extra.status ?? "published",
      publishedAt,
      extra.deletedAt ?? null,
    )
    .run();
  return s;
}

/** Inserts a subscriber as signup does (the hash of their token stored) and returns the token their mails carry. */
async function subscriber(email: string, status = "confirmed") {
  const row = await env.DB.prepare(
    "INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token) VALUES (?, ?, ?, ?) RETURNING id",
  )
    .bind(email, status, "2026-11-01T00:00:00.000Z", randomToken())
    .first<{ id: number }>();
  const token = await unsubscribeToken(testEnv, "https://coinsight.test", row?.id ?? 0);
  await env.DB.prepare("UPDATE newsletter_subscribers SET unsubscribe_token = ? WHERE id = ?")
    .bind(await sha256Hex(token), row?.id ?? 0)
    .run();
  return token;
}

async function dailyMails(day: string) {
  return (await listOutbox(db, { channel: "email", limit: 200 })).filter((m) => m.tags.edition === day);
}

async function edition(day: string) {
  return env.DB.prepare("SELECT * FROM newsletter_editions WHERE edition_date = ?").bind(day).first<{
    status: string;
    reason: string | null;
    sent_count: number;
    failed_count: number;
  }>();
}

const CONFIRMED = ["ada@example.com", "grace@example.com", "linus@example.com"];
const tokens = new Map<string, string>();

beforeAll(async () => {
  for (const email of CONFIRMED) tokens.set(email, await subscriber(email));
  await subscriber("pending@example.com", "pending");
  await env.DB.prepare(
    "INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token) VALUES (NULL, 'unsubscribed', ?, ?)",
  )
    .bind("2026-11-01T00:00:00.000Z", randomToken())
    .run();
});

describe("daily newsletter send", () => {
  it("sends nothing and records why when the day has no public Daily Roundup", async () => {
    const day = "2026-11-02";
    await article(DAILY_ROUNDUP_CATEGORY, "2026-11-01T06:00:00.000Z"); // yesterday's
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`, { status: "draft" });
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:30:00.000Z`, { deletedAt: `${day}T06:40:00.000Z` });
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T09:00:00.000Z`); // scheduled later than the run
    const result = await runDailySend(testEnv, { now: at(day) });
    expect(result).toMatchObject({ status: "skipped", sent: 0, reason: `No Daily Roundup published on ${day} yet` });
    expect(await edition(day)).toMatchObject({ status: "skipped", reason: `No Daily Roundup published on ${day} yet` });
    expect(await dailyMails(day)).toEqual([]);
  });

  it("mails the Daily Roundup with the Trending Analysis links to confirmed subscribers only, with text part and one-click headers", async () => {
    const day = "2026-11-03";
    const roundup = await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`, { title: "Bitcoin holds $64K as sentiment cools" });
    const trendingA = await article(TRENDING_ANALYSIS_CATEGORY, `${day}T05:00:00.000Z`);
    const trendingB = await article(TRENDING_ANALYSIS_CATEGORY, "2026-11-02T12:00:00.000Z");
    const old = await article(TRENDING_ANALYSIS_CATEGORY, "2026-10-30T12:00:00.000Z");

    const result = await runDailySend(testEnv, { now: at(day) });
    expect(result).toMatchObject({ status: "sent", sent: 3, failed: 0 });
    const mails = await dailyMails(day);
    expect(mails.map((m) => m.recipient).sort()).toEqual([...CONFIRMED].sort());
    for (const mail of mails) {
      const token = tokens.get(mail.recipient) ?? "";
      expect(mail.subject).toBe("Daily Roundup: Bitcoin holds $64K as sentiment cools");
      expect(mail.text).toContain(`https://coinsight.test/article/${roundup}`);
      expect(mail.text).toContain(`https://coinsight.test/article/${trendingA}`);
      expect(mail.text).toContain(`https://coinsight.test/article/${trendingB}`);
      expect(mail.text).not.toContain(`/article/${old}`);
      expect(mail.text).toContain(`https://coinsight.test/unsubscribe?token=${token}`);
      expect(mail.html).toContain(`https://coinsight.test/unsubscribe?token=${token}`);
      expect(mail.html).toContain("Trending Analysis");
      expect(mail.headers).toEqual({
        "List-Unsubscribe": `<https://coinsight.test/api/newsletter/one-click/${token}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
    }
    expect(await edition(day)).toMatchObject({ status: "sent", sent_count: 3, failed_count: 0 });
  });

  it("never mails an address twice on the same day, however often and however concurrently the cron runs", async () => {
    const day = "2026-11-04";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    // Three overlapping runs claiming one subscriber per batch, then the later runs of the morning.
    const overlapping = await Promise.all([0, 1, 2].map(() => runDailySend(testEnv, { now: at(day), batchSize: 1 })));
    expect(overlapping.reduce((n, r) => n + r.sent, 0)).toBe(3);
    for (const time of ["07:10", "07:20", "09:50"]) {
      expect(await runDailySend(testEnv, { now: at(day, time) })).toMatchObject({ status: "sent", sent: 0 });
    }
    const mails = await dailyMails(day);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(3);
    // A new day is a new edition.
    const next = "2026-11-05";
    await article(DAILY_ROUNDUP_CATEGORY, `${next}T06:00:00.000Z`);
    expect((await runDailySend(testEnv, { now: at(next) })).sent).toBe(3);
  });

  it("sends in batches across runs until everyone has it", async () => {
    const day = "2026-11-06";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    expect(await runDailySend(testEnv, { now: at(day), batchSize: 2, maxBatches: 1 })).toMatchObject({ status: "sending", sent: 2 });
    expect((await edition(day))?.status).toBe("sending");
    expect(await runDailySend(testEnv, { now: at(day, "07:10"), batchSize: 2, maxBatches: 1 })).toMatchObject({ status: "sent", sent: 1 });
    expect(await dailyMails(day)).toHaveLength(3);
  });

  it("retries a batch the provider refused, but never one whose fate is unknown", async () => {
    const day = "2026-11-07";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const failing = (retryable: boolean): MailPort => ({
      source: "failing",
      send: () => Promise.reject(new Error("unused")),
      sendBatch: () => Promise.reject(new MailError(retryable ? "Resend answered 429" : "Resend unreachable", { retryable })),
    });
    // First batch (ada) has no answer: maybe sent. Second (grace) is refused: surely not sent.
    await runDailySend(testEnv, { now: at(day), batchSize: 1, maxBatches: 1, mail: failing(false) });
    const refused = await runDailySend(testEnv, { now: at(day, "07:10"), batchSize: 1, maxBatches: 1, mail: failing(true) });
    expect(refused).toMatchObject({ status: "sending", failed: 1 });

    const retry = await runDailySend(testEnv, { now: at(day, "07:20"), mail: createOutboxMail(db) });
    expect(retry).toMatchObject({ status: "sent", sent: 2 });
    expect((await dailyMails(day)).map((m) => m.recipient).sort()).toEqual(["grace@example.com", "linus@example.com"]);
    const rows = await env.DB.prepare("SELECT status, attempts FROM newsletter_deliveries WHERE edition_date = ? ORDER BY subscriber_id")
      .bind(day)
      .all<{ status: string; attempts: number }>();
    expect(rows.results).toEqual([
      { status: "unknown", attempts: 1 },
      { status: "sent", attempts: 2 },
      { status: "sent", attempts: 1 },
    ]);
    expect(await edition(day)).toMatchObject({ status: "sent", sent_count: 2, failed_count: 1 });
  });

  it("does not mail someone who unsubscribed before their batch", async () => {
    const day = "2026-11-08";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const email = "leaving@example.com";
    const token = await subscriber(email);
    await env.DB.prepare("UPDATE newsletter_subscribers SET status = 'unsubscribed', email = NULL WHERE unsubscribe_token = ?")
      .bind(await sha256Hex(token))
      .run();
    await runDailySend(testEnv, { now: at(day) });
    expect((await dailyMails(day)).map((m) => m.recipient)).not.toContain(email);
  });

  it("runs from the registered cron expression through the Worker's scheduled handler", async () => {
    const day = "2026-11-09";
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: CRONS.newsletterDaily, scheduledTime: at(day, "07:30") }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await edition(day)).toMatchObject({ status: "skipped" });

    await article(DAILY_ROUNDUP_CATEGORY, `${day}T07:35:00.000Z`);
    const later = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: CRONS.newsletterDaily, scheduledTime: at(day, "07:40") }), env, later);
    await waitOnExecutionContext(later);
    expect(await edition(day)).toMatchObject({ status: "sent", sent_count: 3 });
    // Without PUBLIC_ORIGIN outside production, links point at the local site.
    expect((await dailyMails(day))[0]?.text).toContain("http://127.0.0.1:8787/unsubscribe?token=");
  });

  it("refuses to send in production without PUBLIC_ORIGIN", async () => {
    const day = "2026-11-10";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const result = await runDailySend({ ...env, PUBLIC_ORIGIN: "", APP_ENV: "production" }, { now: at(day) });
    expect(result).toMatchObject({ status: "skipped", reason: expect.stringContaining("PUBLIC_ORIGIN") });
    expect(await dailyMails(day)).toEqual([]);
  });
});
