import { eq } from "drizzle-orm";
import { newsletterEditions } from "#schema/db/newsletter.ts";
import { type Db, getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { createMail } from "#worker/ports/mail/create-mail.ts";
import { MailError, type MailPort } from "#worker/ports/mail/mail.ts";
import { RECORDED_AT } from "#worker/ports/market/offline.ts";
import { loadEditionArticles } from "./daily-content.ts";
import { finishIfDone } from "./daily-send.ts";
import { publicOrigin, unsubscribeToken } from "./links.ts";
import { countMail, MAIL_DEAD_LETTER_QUEUE, type MailJob, mailJobSchema, retryDelaySeconds } from "./mail-queue.ts";
import { type DailyEdition, dailyMail } from "./mail-templates.ts";

type Outcome = "ack" | "retry";
type DailyJob = Extract<MailJob, { kind: "daily" }>;
type NoticeJob = Extract<MailJob, { kind: "notice" }>;
type MemberJob = Extract<MailJob, { kind: "member" }>;
type Recipient = { id: number; email: string };
type Options = { mail?: MailPort; now?: number };

const log = logger("mail-queue");

/**
 * The consumer of the mail queue and of its dead-letter queue (wrangler.toml). Each message is
 * acknowledged or retried on its own, so one refused message never sends its batch's others again.
 */
export async function handleMailBatch(batch: MessageBatch, env: Env, _ctx: ExecutionContext, options: Options = {}): Promise<void> {
  const dates = new Set<string>();
  for (const message of batch.messages) {
    const parsed = mailJobSchema.safeParse(message.body);
    if (!parsed.success) {
      // Nothing can make a malformed message valid: it is dropped, not retried.
      log.error("malformed message dropped", { queue: batch.queue, message: message.id, malformed: parsed.error.issues[0]?.message });
      message.ack();
      continue;
    }
    const job = parsed.data;
    if (job.kind === "daily") dates.add(job.date);
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE) {
      await deadLetter(env, job, message);
      message.ack();
      continue;
    }
    let outcome: Outcome;
    try {
      const mail = options.mail ?? createMail(env);
      outcome =
        job.kind === "daily"
          ? await sendDaily(env, mail, job, message, options.now ?? Date.now())
          : job.kind === "notice"
            ? await sendNotice(env, mail, job, message)
            : await sendMember(env, mail, job, message);
    } catch (err) {
      // Our own failure (the database, say), before anything was sent: try the message again.
      log.error("message failed before sending; retried", {
        queue: batch.queue,
        message: message.id,
        attempts: message.attempts,
        error: err,
      });
      outcome = "retry";
    }
    if (outcome === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
  const nowIso = new Date(options.now ?? Date.now()).toISOString();
  for (const date of dates) if (!(await anyOpen(env.DB, date))) await finishIfDone(env.DB, date, nowIso);
}

/**
 * Whether the day still has messages queued, being sent or due a retry: a walk of the day's message
 * rows (one per 100 recipients), so the edition's full count runs once, when the last one is through.
 */
async function anyOpen(d1: D1Database, date: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS open FROM newsletter_send_messages WHERE edition_date = ?1 AND status IN ('queued', 'sending', 'failed') LIMIT 1")
    .bind(date)
    .first<{ open: number }>();
  return row !== null;
}

/**
 * Mails one message's subscribers. The message is claimed first: its row goes from queued (or
 * refused) to sending under this delivery's id, in one conditional statement, so a redelivered or
 * duplicated message finds it claimed or sent and mails nobody twice. Results are recorded on the
 * message row; a subscriber gets a row of their own only when something went wrong for them.
 */
async function sendDaily(env: Env, mail: MailPort, job: DailyJob, message: Message, now: number): Promise<Outcome> {
  const db = getDb(env.DB);
  const nowIso = new Date(now).toISOString();
  const origin = publicOrigin(env);
  const content = await editionContent(db, job.date, nowIso);
  const row = messageRow(env.DB, job);
  if (!origin || !content) {
    await row.settle("skipped", origin ? "The Daily Roundup was withdrawn during the send" : "PUBLIC_ORIGIN is not set", nowIso);
    return "ack";
  }
  const claimId = `${message.id}/${message.attempts}`;
  const recipients = await claim(env.DB, job, message, claimId, nowIso);
  if (recipients.length === 0) return "ack";
  const mails = await Promise.all(
    recipients.map(async (r) => ({
      ...dailyMail(content, { to: r.email, origin, unsubscribeToken: await unsubscribeToken(env, origin, r.id, now) }),
      idempotencyKey: `newsletter-daily/${job.date}/${r.id}`,
    })),
  );
  try {
    await mail.sendBatch(mails, { idempotencyKey: `newsletter-daily/${job.date}/${message.id}` });
    await row.record(claimId, "sent", null, recipients.length, nowIso);
    await countMail(db, job.date, "daily", "sent", recipients.length);
    return "ack";
  } catch (err) {
    // Refused by the provider: nothing went out, so the message is retried. No answer: it may have
    // gone out, so it is never sent again (at most once a day), and each recipient's row says so.
    const refused = err instanceof MailError && err.retryable;
    const error = (err as Error).message.slice(0, 500);
    await row.record(claimId, refused ? "failed" : "unknown", error, 0, nowIso);
    if (!refused)
      await recordFor(
        env.DB,
        job.date,
        recipients.map((r) => r.id),
        "unknown",
        error,
        nowIso,
      );
    return failedSend(db, job, recipients.length, err, message, mail);
  }
}

/** After a failed send: a refusal (nothing went out) is counted and retried, anything else acknowledged. */
async function failedSend(db: Db, job: MailJob, recipients: number, err: unknown, message: Message, mail: MailPort): Promise<Outcome> {
  const refused = err instanceof MailError && err.retryable;
  if (refused) await countMail(db, job.date, job.kind, "retried", recipients);
  log.error(refused ? "send refused; retried" : "send failed; acknowledged", {
    kind: job.kind,
    date: job.date,
    message: message.id,
    attempts: message.attempts,
    refused,
    source: mail.source,
    error: err,
  });
  return refused ? "retry" : "ack";
}

/** The edition's articles as fixed when the day's send started, or null once its roundup is no longer public. */
async function editionContent(db: Db, date: string, nowIso: string): Promise<DailyEdition | null> {
  const [edition] = await db.select().from(newsletterEditions).where(eq(newsletterEditions.editionDate, date)).limit(1);
  const ids = JSON.parse(edition?.articleIdsJson ?? "[]") as number[];
  const found = await loadEditionArticles(db, ids, nowIso);
  const [roundup, ...trending] = found[0]?.id === ids[0] ? found : [];
  // The mail says so when its articles were written from the offline replay of recorded figures.
  return roundup ? { date, roundup, trending, replayedFrom: found.some((a) => a.replayed) ? RECORDED_AT.slice(0, 10) : null } : null;
}

/** The day's row of a daily message (keyed by the day and its first subscriber). */
function messageRow(d1: D1Database, job: DailyJob) {
  const key = [job.date, job.subscriberIds[0] ?? 0] as const;
  return {
    /** Closes a message that is not being sent (queued, or refused earlier); answers whether it did. */
    async settle(status: "skipped" | "dead", error: string, nowIso: string): Promise<boolean> {
      const result = await d1
        .prepare(
          `UPDATE newsletter_send_messages SET status = ?3, error = ?4, updated_at = ?5
           WHERE edition_date = ?1 AND first_subscriber_id = ?2 AND status IN ('queued', 'failed')`,
        )
        .bind(...key, status, error.slice(0, 500), nowIso)
        .run();
      return (result.meta.changes ?? 0) > 0;
    },
    /** The result of this delivery's send, on the row it claimed. */
    async record(
      claimId: string,
      status: "sent" | "failed" | "unknown",
      error: string | null,
      sent: number,
      nowIso: string,
    ): Promise<void> {
      await d1
        .prepare(
          `UPDATE newsletter_send_messages SET status = ?3, error = ?4, sent_count = ?5, updated_at = ?6
           WHERE edition_date = ?1 AND first_subscriber_id = ?2 AND claim_id = ?7`,
        )
        .bind(...key, status, error, sent, nowIso, claimId)
        .run();
    },
  };
}

/** One row per subscriber for what went wrong for them on the day (the message row keeps the rest). */
async function recordFor(
  d1: D1Database,
  date: string,
  ids: number[],
  status: "skipped" | "unknown" | "dead",
  error: string,
  nowIso: string,
) {
  await d1
    .prepare(
      `INSERT INTO newsletter_deliveries (edition_date, subscriber_id, status, attempts, error, updated_at)
       SELECT ?1, s.id, ?2, 1, ?3, ?4 FROM newsletter_subscribers s WHERE s.id IN (SELECT value FROM json_each(?5))
       ON CONFLICT (edition_date, subscriber_id) DO UPDATE SET status = excluded.status, error = excluded.error, updated_at = excluded.updated_at`,
    )
    .bind(date, status, error.slice(0, 500), nowIso, JSON.stringify(ids))
    .run();
}

/**
 * Claims the message (queued, or refused earlier) and answers who may be mailed: its subscribers
 * still confirmed. One an earlier delivery of this same message claimed and never settled may have
 * gone out, so it is recorded as unknown and never sent again. Whoever unsubscribed since is not
 * mailed, and gets a `skipped` row.
 */
async function claim(d1: D1Database, job: DailyJob, message: Message, claimId: string, nowIso: string): Promise<Recipient[]> {
  const key = [job.date, job.subscriberIds[0] ?? 0] as const;
  const ids = JSON.stringify(job.subscriberIds);
  const abandoned = "An earlier delivery of its message stopped before recording a result";
  const [gone, claimed] = await d1.batch([
    d1
      .prepare(
        `UPDATE newsletter_send_messages SET status = 'unknown', error = ?4, updated_at = ?5
         WHERE edition_date = ?1 AND first_subscriber_id = ?2 AND status = 'sending' AND claim_id LIKE ?3
         RETURNING subscriber_ids_json AS ids`,
      )
      .bind(...key, `${message.id}/%`, abandoned, nowIso),
    d1
      .prepare(
        `UPDATE newsletter_send_messages SET status = 'sending', attempts = attempts + 1, claim_id = ?3, error = NULL, updated_at = ?4
         WHERE edition_date = ?1 AND first_subscriber_id = ?2 AND status IN ('queued', 'failed')`,
      )
      .bind(...key, claimId, nowIso),
  ]);
  const lost = (gone?.results as { ids: string }[] | undefined)?.[0];
  if (lost) await recordFor(d1, job.date, JSON.parse(lost.ids) as number[], "unknown", abandoned, nowIso);
  if ((claimed?.meta.changes ?? 0) === 0) return [];
  const { results } = await d1
    .prepare(
      `SELECT id, email, (status = 'confirmed' AND email IS NOT NULL) AS mailable
       FROM newsletter_subscribers WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id`,
    )
    .bind(ids)
    .all<Recipient & { mailable: number }>();
  const left = job.subscriberIds.filter((id) => !results.some((r) => r.id === id && r.mailable));
  if (left.length) await recordFor(d1, job.date, left, "skipped", "Unsubscribed before the send", nowIso);
  return results.filter((r) => r.mailable).map(({ id, email }) => ({ id, email }));
}

/**
 * A confirmation or notice mail. Its idempotency key is the message's id, so a redelivery that
 * sends again is dropped by the provider (and by the outbox); an address erased since is not mailed.
 */
async function sendNotice(env: Env, mail: MailPort, job: NoticeJob, message: Message): Promise<Outcome> {
  const db = getDb(env.DB);
  const current = await env.DB.prepare("SELECT email FROM newsletter_subscribers WHERE id = ?")
    .bind(job.subscriberId)
    .first<{ email: string | null }>();
  if (current?.email !== job.mail.to) return "ack";
  try {
    await mail.send({ ...job.mail, idempotencyKey: `newsletter-notice/${message.id}` });
    await countMail(db, job.date, "notice", "sent", 1);
    return "ack";
  } catch (err) {
    return failedSend(db, job, 1, err, message, mail);
  }
}

/**
 * A member's alert or digest mail: sent only while the account is active and still has the address
 * it was built for; the producer's key is the provider's idempotency key, so a redelivery sends once.
 */
async function sendMember(env: Env, mail: MailPort, job: MemberJob, message: Message): Promise<Outcome> {
  const db = getDb(env.DB);
  const user = await env.DB.prepare("SELECT email FROM users WHERE id = ? AND is_active = 1").bind(job.userId).first<{ email: string }>();
  if (user?.email !== job.mail.to) return "ack";
  try {
    await mail.send({ ...job.mail, idempotencyKey: `member/${job.key}` });
    await countMail(db, job.date, "member", "sent", 1);
    return "ack";
  } catch (err) {
    return failedSend(db, job, 1, err, message, mail);
  }
}

/** A message whose retries are spent: its recipients are recorded as dead-lettered for the admin. */
async function deadLetter(env: Env, job: MailJob, message: Message): Promise<void> {
  const db = getDb(env.DB);
  const nowIso = new Date().toISOString();
  const error = `Dead-lettered after ${message.attempts} deliveries`;
  let dead = 1;
  if (job.kind === "daily") {
    dead = (await messageRow(env.DB, job).settle("dead", error, nowIso)) ? job.subscriberIds.length : 0;
    if (dead) await recordFor(env.DB, job.date, job.subscriberIds, "dead", error, nowIso);
  }
  await countMail(db, job.date, job.kind, "dead", dead);
  log.error("message dead-lettered", {
    queue: MAIL_DEAD_LETTER_QUEUE,
    kind: job.kind,
    date: job.date,
    message: message.id,
    deadLettered: dead,
  });
}
