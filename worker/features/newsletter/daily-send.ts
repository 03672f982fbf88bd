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
 * confirmed subscriber not yet covered by the day's messages is put on the mail queue, 100 to a
 * message, in id order; each message gets one row (newsletter_send_messages), not one per subscriber
 * (docs/decisions/newsletter/send-recorded-per-message.md). The queue's consumer (mail-consumer.ts)
 * sends them. A later run of the same morning only queues those beyond the day's mark (who confirmed
 * since, with a newer id). Without a Daily Roundup nothing is queued and `newsletter_editions` records why.
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
      subject: dailySubject({ roundup }),
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
  for (let after = edition?.queuedThrough ?? 0; ; ) {
    const ids = await unqueued(env.DB, after);
    if (ids.length === 0) break;
    const chunks: number[][] = [];
    for (let i = 0; i < ids.length; i += RECIPIENTS_PER_MESSAGE) chunks.push(ids.slice(i, i + RECIPIENTS_PER_MESSAGE));
    const through = ids[ids.length - 1] ?? after;
    if (!(await takePage(env.DB, date, after, through, chunks, nowIso))) {
      // Another run took this page first: go on from where it got to.
      after = (await readEdition(db, date))?.queuedThrough ?? through;
      continue;
    }
    await enqueue(queue, date, chunks);
    await countMail(db, date, "daily", "queued", ids.length);
    queued += ids.length;
    messages += chunks.length;
    after = through;
  }
  await enqueue(queue, date, await stranded(env.DB, date, now));
  const status = await finishIfDone(env.DB, date, nowIso);
  return { date, status, queued, messages };
}

async function enqueue(queue: MailQueue, date: string, chunks: number[][]): Promise<void> {
  const jobs = chunks.map((subscriberIds) => ({ body: { kind: "daily", date, subscriberIds } satisfies MailJob }));
  for (let i = 0; i < jobs.length; i += MESSAGES_PER_CALL) await queue.sendBatch(jobs.slice(i, i + MESSAGES_PER_CALL));
}

/**
 * Moves the day's mark from `after` to `through` and records the page's messages, in one
 * transaction; false when another run moved the mark first (its messages, if they are these, stay
 * as it wrote them). The rows are written before the messages are queued: a run that stops in between
 * leaves them `queued`, and a later run queues them again (`stranded`).
 */
async function takePage(
  d1: D1Database,
  date: string,
  after: number,
  through: number,
  chunks: number[][],
  nowIso: string,
): Promise<boolean> {
  const [moved] = await d1.batch([
    d1
      .prepare("UPDATE newsletter_editions SET queued_through = ?3, updated_at = ?4 WHERE edition_date = ?1 AND queued_through = ?2")
      .bind(date, after, through, nowIso),
    d1
      .prepare(
        `INSERT OR IGNORE INTO newsletter_send_messages (edition_date, first_subscriber_id, subscriber_ids_json, status, updated_at)
         SELECT ?1, j.value ->> '$[0]', j.value, 'queued', ?4 FROM json_each(?3) AS j
         WHERE (SELECT queued_through FROM newsletter_editions WHERE edition_date = ?1) = ?2`,
      )
      .bind(date, through, JSON.stringify(chunks), nowIso),
  ]);
  return (moved?.meta.changes ?? 0) === 1;
}

/** A message still `queued` this long after it was written was never put on the queue (its run stopped). */
const STRANDED_MS = 20 * 60_000;

/** The day's messages whose run stopped before queuing them; marked as queued again now. */
async function stranded(d1: D1Database, date: string, now: number): Promise<number[][]> {
  const { results } = await d1
    .prepare(
      `UPDATE newsletter_send_messages SET updated_at = ?3 WHERE edition_date = ?1 AND status = 'queued' AND updated_at < ?2
       RETURNING subscriber_ids_json AS ids`,
    )
    .bind(date, new Date(now - STRANDED_MS).toISOString(), new Date(now).toISOString())
    .all<{ ids: string }>();
  return results.map((r) => JSON.parse(r.ids) as number[]);
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

/** The next page of confirmed subscribers after `after`, by id (the status index is on status and id). */
async function unqueued(d1: D1Database, after: number): Promise<number[]> {
  const { results } = await d1
    .prepare(`SELECT id FROM newsletter_subscribers WHERE status = 'confirmed' AND email IS NOT NULL AND id > ?1 ORDER BY id LIMIT ?2`)
    .bind(after, PAGE)
    .all<{ id: number }>();
  return results.map((r) => r.id);
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
            AND s.id > (SELECT queued_through FROM newsletter_editions WHERE edition_date = ?1)) AS unqueued,
         (SELECT count(*) FROM newsletter_send_messages WHERE edition_date = ?1 AND status IN ('queued', 'sending', 'failed')) AS open,
         (SELECT coalesce(sum(sent_count), 0) FROM newsletter_send_messages WHERE edition_date = ?1) AS sent,
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
