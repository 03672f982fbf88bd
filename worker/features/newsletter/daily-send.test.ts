import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyMeter, meterD1, metered } from "#worker/bench-meter.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { randomToken } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import { MailError, type MailPort } from "#worker/ports/mail/mail.ts";
import { createOutboxMail } from "#worker/ports/mail/outbox.ts";
import { DAILY_ROUNDUP_CATEGORY, TRENDING_ANALYSIS_CATEGORY } from "./daily-content.ts";
import { runDailySend } from "./daily-send.ts";
import { checkUnsubscribeToken } from "./links.ts";
import { MAIL_DEAD_LETTER_QUEUE, type MailQueue, retryDelaySeconds } from "./mail-queue.ts";
import { capturingQueue, deliver } from "./test-support.ts";

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

/** Inserts a subscriber as signup does and returns their id. */
async function subscriber(email: string, status = "confirmed") {
  const row = await env.DB.prepare(
    "INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token) VALUES (?, ?, ?, ?) RETURNING id",
  )
    .bind(email, status, "2026-11-01T00:00:00.000Z", randomToken())
    .first<{ id: number }>();
  if (!row) throw new Error("no subscriber inserted");
  return row.id;
}

/** The subscriber a mailed unsubscribe token unsubscribes (null when it is not a valid newsletter token). */
async function subscriberOfToken(token: string): Promise<number | null> {
  const check = await checkUnsubscribeToken(testEnv, "https://coinsight.test", token, async () => null);
  return check.state === "valid" ? Number(check.subject) : null;
}

async function dailyMails(day: string) {
  return (await listOutbox(db, { channel: "email", limit: 200 })).filter((m) => m.tags.edition === day);
}

async function deliveries(day: string) {
  const { results } = await env.DB.prepare(
    "SELECT status, attempts FROM newsletter_deliveries WHERE edition_date = ? ORDER BY subscriber_id",
  )
    .bind(day)
    .all<{ status: string; attempts: number }>();
  return results;
}

/** The day's message rows (one per queue message): its status, deliveries claimed and recipients mailed. */
async function messages(day: string) {
  const { results } = await env.DB.prepare(
    "SELECT status, attempts, sent_count AS sent FROM newsletter_send_messages WHERE edition_date = ? ORDER BY first_subscriber_id",
  )
    .bind(day)
    .all<{ status: string; attempts: number; sent: number }>();
  return results;
}

async function stats(day: string) {
  return env.DB.prepare("SELECT queued, sent, retried, dead FROM mail_queue_stats WHERE date = ? AND kind = 'daily'")
    .bind(day)
    .first<{ queued: number; sent: number; retried: number; dead: number }>();
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
const ids = new Map<string, number>();

beforeAll(async () => {
  for (const email of CONFIRMED) ids.set(email, await subscriber(email));
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
    const queue = capturingQueue();
    const result = await runDailySend(testEnv, { now: at(day), queue });
    expect(result).toMatchObject({ status: "skipped", queued: 0, reason: `No Daily Roundup published on ${day} yet` });
    expect(queue.sent).toEqual([]);
    expect(await edition(day)).toMatchObject({ status: "skipped", reason: `No Daily Roundup published on ${day} yet` });
    expect(await dailyMails(day)).toEqual([]);
  });

  it("queues the confirmed subscribers, and the consumer mails the Daily Roundup with the Trending Analysis links, text part and one-click headers", async () => {
    const day = "2026-11-03";
    const roundup = await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`, { title: "Bitcoin holds $64K as sentiment cools" });
    const trendingA = await article(TRENDING_ANALYSIS_CATEGORY, `${day}T05:00:00.000Z`);
    const trendingB = await article(TRENDING_ANALYSIS_CATEGORY, "2026-11-02T12:00:00.000Z");
    const old = await article(TRENDING_ANALYSIS_CATEGORY, "2026-10-30T12:00:00.000Z");

    const queue = capturingQueue();
    const result = await runDailySend(testEnv, { now: at(day), queue });
    expect(result).toMatchObject({ status: "sending", queued: 3, messages: 1 });
    expect(queue.sent).toEqual([{ kind: "daily", date: day, subscriberIds: [expect.any(Number), expect.any(Number), expect.any(Number)] }]);
    // One row for the message, none per subscriber.
    expect(await messages(day)).toEqual([{ status: "queued", attempts: 0, sent: 0 }]);
    expect(await deliveries(day)).toEqual([]);
    expect(await dailyMails(day)).toEqual([]);

    const { result: outcome } = await deliver(queue.sent, { env: testEnv, now: at(day, "07:01") });
    expect(outcome.explicitAcks).toHaveLength(1);
    const mails = await dailyMails(day);
    expect(mails.map((m) => m.recipient).sort()).toEqual([...CONFIRMED].sort());
    for (const mail of mails) {
      const token = mail.text.match(/\/unsubscribe\?token=([A-Za-z0-9_-]+)/)?.[1] ?? "";
      expect(await subscriberOfToken(token)).toBe(ids.get(mail.recipient));
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
    expect(await stats(day)).toMatchObject({ queued: 3, sent: 3, retried: 0, dead: 0 });
    expect(await messages(day)).toEqual([{ status: "sent", attempts: 1, sent: 3 }]);
    expect(await deliveries(day)).toEqual([]);
  });

  it("never mails an address twice on the same day: repeated cron runs queue nobody twice, a redelivered message mails nobody twice", async () => {
    const day = "2026-11-04";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const queue = capturingQueue();
    // Overlapping runs, then the later runs of the morning.
    await Promise.all([0, 1, 2].map(() => runDailySend(testEnv, { now: at(day), queue })));
    for (const time of ["07:10", "07:20"]) expect(await runDailySend(testEnv, { now: at(day, time), queue })).toMatchObject({ queued: 0 });
    const queued = queue.sent.flatMap((j) => (j.kind === "daily" ? j.subscriberIds : []));
    expect(new Set(queued).size).toBe(3);

    // The same messages delivered twice (the queue redelivers when an ack is lost), and again with a later attempt.
    const first = await deliver(queue.sent, { env: testEnv, now: at(day, "07:30") });
    await deliver(queue.sent, { env: testEnv, ids: first.ids, attempts: 2, now: at(day, "07:31") });
    await deliver(queue.sent, { env: testEnv, now: at(day, "07:32") });
    const mails = await dailyMails(day);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.recipient)).size).toBe(3);
    expect(await messages(day)).toEqual([{ status: "sent", attempts: 1, sent: 3 }]);
    expect(await deliveries(day)).toEqual([]);
    expect((await stats(day))?.sent).toBe(3);
    expect(await runDailySend(testEnv, { now: at(day, "09:50"), queue })).toMatchObject({ status: "sent", reason: "Already sent today" });
  });

  it("retries a message the provider refused and dead-letters it after its retries; one with no answer is never sent again", async () => {
    const [day, other, lostDay] = ["2026-11-07", "2026-11-09", "2026-11-12"];
    for (const d of [day, other, lostDay]) await article(DAILY_ROUNDUP_CATEGORY, `${d}T06:00:00.000Z`);
    const jobsOf = async (d: string) => {
      const queue = capturingQueue();
      await runDailySend(testEnv, { now: at(d), queue });
      return queue.sent;
    };
    const [refused] = await jobsOf(day);
    const [fine] = await jobsOf(other);
    if (!refused || !fine) throw new Error("nothing queued");
    const refusing: MailPort = {
      source: "refusing",
      send: () => Promise.reject(new Error("unused")),
      sendBatch: async (mails) => {
        if (mails[0]?.tags?.edition === day) throw new MailError("Resend answered 429", { retryable: true, status: 429 });
        return createOutboxMail(db).sendBatch(mails);
      },
    };
    // One batch, two messages: the other day's is mailed and acknowledged, the refused one retried alone.
    const batch = await deliver([fine, refused], { env: testEnv, mail: refusing, now: at(other, "07:01") });
    expect(batch.result.explicitAcks).toEqual([batch.ids[0]]);
    expect(batch.result.retryMessages).toMatchObject([{ msgId: batch.ids[1] }]);
    expect(await messages(day)).toEqual([{ status: "failed", attempts: 1, sent: 0 }]);
    // Retried 1, 2, 4, 8 minutes later (the runtime holds the delay; the test pool does not report it).
    expect([1, 2, 3, 4, 5, 6].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 900, 900]);
    for (const attempts of [2, 3, 4]) {
      const again = await deliver([refused], { env: testEnv, mail: refusing, ids: [String(batch.ids[1])], attempts });
      expect(again.result.retryMessages).toMatchObject([{ msgId: batch.ids[1] }]);
    }
    // After max_retries the queue moves it to the dead-letter queue, whose consumer records it.
    const dead = await deliver([refused], { env: testEnv, queue: MAIL_DEAD_LETTER_QUEUE, ids: [String(batch.ids[1])], attempts: 5 });
    expect(dead.result.explicitAcks).toEqual(dead.ids);

    // A send with no answer may have gone out: it is acknowledged and never retried, even when redelivered.
    const [lostJob] = await jobsOf(lostDay);
    if (!lostJob) throw new Error("nothing queued");
    const unreachable: MailPort = {
      ...refusing,
      sendBatch: () => Promise.reject(new MailError("Resend unreachable", { retryable: false })),
    };
    const lost = await deliver([lostJob], { env: testEnv, mail: unreachable, now: at(lostDay, "07:02") });
    expect(lost.result.explicitAcks).toEqual(lost.ids);
    await deliver([lostJob], { env: testEnv, ids: lost.ids, attempts: 2 });

    expect(await dailyMails(day)).toEqual([]);
    expect(await dailyMails(lostDay)).toEqual([]);
    expect(await dailyMails(other)).toHaveLength(3);
    // What went wrong has a row per subscriber; what went right only the message's.
    expect(await messages(day)).toEqual([{ status: "dead", attempts: 4, sent: 0 }]);
    expect(await deliveries(day)).toEqual(Array(3).fill({ status: "dead", attempts: 1 }));
    expect(await messages(lostDay)).toEqual([{ status: "unknown", attempts: 1, sent: 0 }]);
    expect(await deliveries(lostDay)).toEqual(Array(3).fill({ status: "unknown", attempts: 1 }));
    expect(await deliveries(other)).toEqual([]);
    expect(await stats(day)).toMatchObject({ queued: 3, sent: 0, retried: 12, dead: 3 });
    expect(await edition(day)).toMatchObject({ status: "sent", sent_count: 0, failed_count: 3 });
    expect(await edition(lostDay)).toMatchObject({ status: "sent", sent_count: 0, failed_count: 3 });
    expect(await edition(other)).toMatchObject({ status: "sent", sent_count: 3, failed_count: 0 });
  });

  it("queues again the messages of a run that stopped before putting them on the queue, and mails them once", async () => {
    const day = "2026-11-13";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const broken: MailQueue = {
      send: () => Promise.reject(new Error("queue unavailable")),
      sendBatch: () => Promise.reject(new Error("queue unavailable")),
    };
    await expect(runDailySend(testEnv, { now: at(day), queue: broken })).rejects.toThrow("queue unavailable");
    expect(await messages(day)).toEqual([{ status: "queued", attempts: 0, sent: 0 }]);
    // The next run 10 minutes on has nobody new; the stopped run's message is queued again after 20 minutes.
    const soon = capturingQueue();
    expect(await runDailySend(testEnv, { now: at(day, "07:10"), queue: soon })).toMatchObject({ queued: 0, status: "sending" });
    expect(soon.sent).toEqual([]);
    const later = capturingQueue();
    await runDailySend(testEnv, { now: at(day, "07:30"), queue: later });
    expect(later.sent).toHaveLength(1);
    await deliver([...later.sent, ...later.sent], { env: testEnv, now: at(day, "07:31") });
    expect((await dailyMails(day)).map((m) => m.recipient).sort()).toEqual([...CONFIRMED].sort());
    expect(await edition(day)).toMatchObject({ status: "sent", sent_count: 3 });
  });

  it("a later run of the morning queues only who confirmed since", async () => {
    const day = "2026-11-14";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const first = capturingQueue();
    await runDailySend(testEnv, { now: at(day), queue: first });
    const late = await subscriber("late@example.com");
    const later = capturingQueue();
    expect(await runDailySend(testEnv, { now: at(day, "07:10"), queue: later })).toMatchObject({ queued: 1, messages: 1 });
    await deliver([...first.sent, ...later.sent], { env: testEnv, now: at(day, "07:11") });
    const mails = await dailyMails(day);
    expect(mails.map((m) => m.recipient).sort()).toEqual([...CONFIRMED, "late@example.com"].sort());
    expect(await edition(day)).toMatchObject({ status: "sent", sent_count: 4 });
    await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE id = ?").bind(late).run();
  });

  it("does not mail someone who unsubscribed after being queued", async () => {
    const day = "2026-11-08";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const email = "leaving@example.com";
    const id = await subscriber(email);
    const queue = capturingQueue();
    await runDailySend(testEnv, { now: at(day), queue });
    await env.DB.prepare("UPDATE newsletter_subscribers SET status = 'unsubscribed', email = NULL WHERE id = ?").bind(id).run();
    await deliver(queue.sent, { env: testEnv, now: at(day, "07:01") });
    expect((await dailyMails(day)).map((m) => m.recipient)).not.toContain(email);
    expect((await deliveries(day)).map((d) => d.status)).toContain("skipped");
    await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE id = ?").bind(id).run();
  });

  it("refuses to send in production without PUBLIC_ORIGIN", async () => {
    const day = "2026-11-10";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    const queue = capturingQueue();
    const result = await runDailySend({ ...env, PUBLIC_ORIGIN: "", APP_ENV: "production" }, { now: at(day), queue });
    expect(result).toMatchObject({ status: "skipped", reason: expect.stringContaining("PUBLIC_ORIGIN") });
    expect(queue.sent).toEqual([]);
  });

  it("puts at most 100 recipients in a message, and records each message once, not each mail", async () => {
    const day = "2026-11-11";
    await article(DAILY_ROUNDUP_CATEGORY, `${day}T06:00:00.000Z`);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
       INSERT INTO newsletter_subscribers (email, status, consent_at, unsubscribe_token)
       SELECT 'reader' || i || '@example.com', 'confirmed', '2026-11-01T00:00:00.000Z', 'token-' || i FROM n`,
    ).run();
    expect(meterD1(env.DB)).toBe(true);
    // D1 bills each row written (with its indexes). Per mail, with a provider that keeps nothing in
    // D1, this send wrote 4.0 rows (and read 8.0) queuing and 5.0 (read 14.1) mailing while each
    // subscriber had a delivery row written three times; now a message of 100 has one row.
    const queue = capturingQueue();
    const producing = emptyMeter();
    expect(await metered(producing, () => runDailySend(testEnv, { now: at(day), queue }))).toMatchObject({ queued: 253, messages: 3 });
    expect(queue.sent.map((j) => (j.kind === "daily" ? j.subscriberIds.length : 0))).toEqual([100, 100, 53]);
    expect(producing.rowsWritten / 253).toBeLessThan(0.1);
    expect(producing.rowsRead / 253).toBeLessThan(2);

    const provider: MailPort = {
      source: "provider",
      send: () => Promise.reject(new Error("unused")),
      sendBatch: async (mails) => mails.map((_, i) => ({ id: `provider-${i}` })),
    };
    const mailing = emptyMeter();
    await metered(mailing, () => deliver(queue.sent.slice(1, 2), { env: testEnv, now: at(day), mail: provider }));
    expect(mailing.rowsWritten / 100).toBeLessThan(0.1);
    expect(mailing.rowsRead / 100).toBeLessThan(5);

    // A message costs its recipients, not the day's other rows; the offline outbox adds its own row a mail.
    const outbox = emptyMeter();
    await metered(outbox, () => deliver(queue.sent.slice(0, 1), { env: testEnv, now: at(day) }));
    expect(await dailyMails(day)).toHaveLength(100);
    expect(outbox.rowsRead / 100).toBeLessThan(30);
    expect(await messages(day)).toEqual([
      { status: "sent", attempts: 1, sent: 100 },
      { status: "sent", attempts: 1, sent: 100 },
      { status: "queued", attempts: 0, sent: 0 },
    ]);
  });
});
