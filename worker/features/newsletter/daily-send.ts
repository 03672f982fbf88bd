import { eq } from "drizzle-orm";
import { type EditionStatus, newsletterEditions } from "#schema/db/newsletter.ts";
import { type Db, getDb } from "#worker/lib/db.ts";
import { findDailyRoundup, findTrendingAnalysis } from "./daily-content.ts";
import { publicOrigin } from "./links.ts";
import { countMail, type MailJob, type MailQueue, RECIPIENTS_PER_MESSAGE } from "./mail-queue.ts";
import { dailySubject } from "./mail-templates.ts";

/** Subscribers read per page while queuing; each page becomes up to 10 messages of 100. */
const PAGE = 1000;
/** Queue's limit on messages per sendBatch call. */
const MESSAGES_PER_CALL = 100;

export type DailySendResult = {
  date: string;
  status: EditionStatus;
  reason?: string;
  /** Recipients this run put on the mail queue. */
  queued: number;
  /** Messages (of at most 100 recipients) this run put on the mail queue. */
  messages: number;
};

type Options = { now?: number; queue?: MailQueue };

/**
 * One run of the daily send (the morning cron): once the day's Daily Roundup is public, every
 * confirmed subscriber without a delivery row for the day is put on the mail queue, 100 to a
 * message, and gets a `queued` row; the queue's consumer (mail-consumer.ts) sends them. A later run
 * of the same morning only queues those who confirmed since. Without a Daily Roundup nothing is
 * queued and `newsletter_editions` records why.
 */
export async function runDailySend(env: Env, options: Options = {}): Promise<DailySendResult> {
  const now = options.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const date = nowIso.slice(0, 10);
  const db = getDb(env.DB);

  if (!publicOrigin(env)) return skip(db, date, nowIso, "PUBLIC_ORIGIN is not set, so the mails would have no working links");
  const edition = await readEdition(db, date);
  if (edition?.status === "sent") return { date, status: "sent", reason: "Already sent today", queued: 0, messages: 0 };
  if (!edition || edition.status === "skipped") {
    const roundup = await findDailyRoundup(db, date, nowIso);
    if (!roundup) return skip(db, date, nowIso, `No Daily Roundup published on ${date} yet`);
    const trending = await findTrendingAnalysis(db, now);
    const fields = {
      status: "sending" as const,
      reason: null,
      articleIdsJson: JSON.stringify([roundup.id, ...trending.map((a) => a.id)]),
      subject: dailySubject({ date, roundup, trending }),
      startedAt: nowIso,
      updatedAt: nowIso,
    };
    // Only a skipped (or missing) edition is started; a concurrent run that started first keeps its articles.
    await db
      .insert(newsletterEditions)
      .values({ editionDate: date, ...fields })
      .onConflictDoUpdate({ target: newsletterEditions.editionDate, set: fields, setWhere: eq(newsletterEditions.status, "skipped") });
  }

  const queue = options.queue ?? env.MAIL_QUEUE;
  let queued = 0;
  let messages = 0;
  for (let after = 0; ; ) {
    const ids = await unqueued(env.DB, date, after);
    if (ids.length === 0) break;
    const jobs: { body: MailJob }[] = [];
    for (let i = 0; i < ids.length; i += RECIPIENTS_PER_MESSAGE) {
      jobs.push({ body: { kind: "daily", date, subscriberIds: ids.slice(i, i + RECIPIENTS_PER_MESSAGE) } });
    }
    for (let i = 0; i < jobs.length; i += MESSAGES_PER_CALL) await queue.sendBatch(jobs.slice(i, i + MESSAGES_PER_CALL));
    // Marked after they are on the queue: a run that dies in between queues them again, and the
    // consumer's claim on the row still mails each of them once.
    await markQueued(env.DB, date, ids, nowIso);
    await countMail(db, date, "daily", "queued", ids.length);
    queued += ids.length;
    messages += jobs.length;
    after = ids[ids.length - 1] ?? after;
  }
  const status = await finishIfDone(env.DB, date, nowIso);
  return { date, status, queued, messages };
}

async function readEdition(db: Db, date: string) {
  const [row] = await db.select().from(newsletterEditions).where(eq(newsletterEditions.editionDate, date)).limit(1);
  return row;
}

async function skip(db: Db, date: string, nowIso: string, reason: string): Promise<DailySendResult> {
  const [row] = await db
    .insert(newsletterEditions)
    .values({ editionDate: date, status: "skipped", reason, updatedAt: nowIso })
    .onConflictDoUpdate({
      target: newsletterEditions.editionDate,
      set: { status: "skipped", reason, updatedAt: nowIso },
      // An edition already on its way stays so (a later run finding PUBLIC_ORIGIN unset does not undo it).
      setWhere: eq(newsletterEditions.status, "skipped"),
    })
    .returning({ status: newsletterEditions.status });
  return { date, status: row?.status ?? "sending", reason, queued: 0, messages: 0 };
}

/** The next page of confirmed subscribers with no delivery row for the day, by id. */
async function unqueued(d1: D1Database, date: string, after: number): Promise<number[]> {
  const { results } = await d1
    .prepare(
      `SELECT s.id AS id FROM newsletter_subscribers s
       WHERE s.status = 'confirmed' AND s.email IS NOT NULL AND s.id > ?2
         AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.edition_date = ?1 AND d.subscriber_id = s.id)
       ORDER BY s.id LIMIT ?3`,
    )
    .bind(date, after, PAGE)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

async function markQueued(d1: D1Database, date: string, ids: number[], nowIso: string): Promise<void> {
  await d1
    .prepare(
      `INSERT OR IGNORE INTO newsletter_deliveries (edition_date, subscriber_id, status, attempts, updated_at)
       SELECT ?1, s.id, 'queued', 0, ?2 FROM newsletter_subscribers s WHERE s.id IN (SELECT value FROM json_each(?3))`,
    )
    .bind(date, nowIso, JSON.stringify(ids))
    .run();
}

/**
 * Records the day's totals, and closes the edition once nobody is left to queue, mail or retry.
 * The producer calls it after queuing, the consumer after each batch.
 */
export async function finishIfDone(d1: D1Database, date: string, nowIso: string): Promise<EditionStatus> {
  const counts = await d1
    .prepare(
      `SELECT
         (SELECT count(*) FROM newsletter_subscribers s WHERE s.status = 'confirmed' AND s.email IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.edition_date = ?1 AND d.subscriber_id = s.id)) AS unqueued,
         (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1 AND status IN ('queued', 'sending', 'failed')) AS open,
         (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1 AND status = 'sent') AS sent,
         (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1 AND status IN ('unknown', 'dead')) AS failed`,
    )
    .bind(date)
    .first<{ unqueued: number; open: number; sent: number; failed: number }>();
  const done = !counts || (counts.unqueued === 0 && counts.open === 0);
  const status: EditionStatus = done ? "sent" : "sending";
  await d1
    .prepare(
      `UPDATE newsletter_editions SET status = ?1, sent_count = ?2, failed_count = ?3, updated_at = ?4,
         finished_at = CASE WHEN ?1 = 'sent' THEN ?4 ELSE finished_at END
       WHERE edition_date = ?5 AND status = 'sending'`,
    )
    .bind(status, counts?.sent ?? 0, counts?.failed ?? 0, nowIso, date)
    .run();
  return status;
}
