import { eq } from "drizzle-orm";
import { newsletterEditions } from "#schema/db/newsletter.ts";
import { sha256Hex } from "#worker/lib/crypto.ts";
import { type Db, getDb } from "#worker/lib/db.ts";
import { createMail } from "#worker/ports/mail/create-mail.ts";
import { MailError, type MailPort } from "#worker/ports/mail/mail.ts";
import { loadEditionArticles } from "./daily-content.ts";
import { finishIfDone } from "./daily-send.ts";
import { publicOrigin, unsubscribeToken } from "./links.ts";
import { countMail, MAIL_DEAD_LETTER_QUEUE, type MailJob, mailJobSchema, retryDelaySeconds } from "./mail-queue.ts";
import { type DailyEdition, dailyMail } from "./mail-templates.ts";

type Outcome = "ack" | "retry";
type DailyJob = Extract<MailJob, { kind: "daily" }>;
type NoticeJob = Extract<MailJob, { kind: "notice" }>;
type MemberJob = Extract<MailJob, { kind: "member" }>;
type Recipient = { id: number; email: string; storedTokenHash: string };
type Options = { mail?: MailPort; now?: number };

function log(level: "info" | "error" | "warn", fields: Record<string, unknown>): void {
  const line = JSON.stringify({ level, job: "mail-queue", ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

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
      log("error", { queue: batch.queue, message: message.id, malformed: parsed.error.issues[0]?.message });
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
      log("error", { queue: batch.queue, message: message.id, attempts: message.attempts, error: (err as Error).message });
      outcome = "retry";
    }
    if (outcome === "retry") message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    else message.ack();
  }
  const nowIso = new Date(options.now ?? Date.now()).toISOString();
  for (const date of dates) if (!(await anyOpen(env.DB, date))) await finishIfDone(env.DB, date, nowIso);
}

/**
 * Whether the day still has recipients queued, being sent or due a retry: one index lookup, so the
 * edition's full count (over every subscriber) runs once, when the last message is through.
 */
async function anyOpen(d1: D1Database, date: string): Promise<boolean> {
  const row = await d1
    .prepare("SELECT 1 AS open FROM newsletter_deliveries WHERE edition_date = ?1 AND status IN ('queued', 'sending', 'failed') LIMIT 1")
    .bind(date)
    .first<{ open: number }>();
  return row !== null;
}

/**
 * Mails one message's subscribers. Each is claimed first: their day's row goes from queued (or
 * refused) to sending, under this message's id, in one statement, so a redelivered or duplicated
 * message finds them claimed or sent and mails nobody twice.
 */
async function sendDaily(env: Env, mail: MailPort, job: DailyJob, message: Message, now: number): Promise<Outcome> {
  const db = getDb(env.DB);
  const nowIso = new Date(now).toISOString();
  const origin = publicOrigin(env);
  const content = await editionContent(db, job.date, nowIso);
  if (!origin || !content) {
    await settle(env.DB, job, "skipped", origin ? "The Daily Roundup was withdrawn during the send" : "PUBLIC_ORIGIN is not set", nowIso);
    return "ack";
  }
  const claimId = `${message.id}/${message.attempts}`;
  if (message.attempts > 1) await abandonEarlierAttempt(env.DB, job, message.id, nowIso);
  const recipients = await claim(env.DB, job, claimId, nowIso);
  if (recipients.length === 0) return "ack";
  const tokens = await unsubscribeTokens(env, origin, recipients);
  const mails = recipients.map((r) => ({
    ...dailyMail(content, { to: r.email, origin, unsubscribeToken: tokens.get(r.id) ?? "" }),
    idempotencyKey: `newsletter-daily/${job.date}/${r.id}`,
  }));
  try {
    const results = await mail.sendBatch(mails, { idempotencyKey: `newsletter-daily/${job.date}/${message.id}` });
    // By the row's key (day, subscriber): through the claim's index each update walked the whole claim.
    const update = env.DB.prepare(
      "UPDATE newsletter_deliveries SET status = 'sent', message_id = ?1, updated_at = ?2 WHERE edition_date = ?5 AND subscriber_id = ?4 AND +claim_id = ?3",
    );
    await env.DB.batch(recipients.map((r, i) => update.bind(results[i]?.id || null, nowIso, claimId, r.id, job.date)));
    await countMail(db, job.date, "daily", "sent", recipients.length);
    return "ack";
  } catch (err) {
    // Refused by the provider: nothing went out, so the message is retried. No answer: it may have
    // gone out, so it is never sent again (at most once a day).
    const refused = err instanceof MailError && err.retryable;
    await env.DB.prepare(
      "UPDATE newsletter_deliveries SET status = ?1, error = ?2, updated_at = ?3 WHERE claim_id = ?4 AND status = 'sending'",
    )
      .bind(refused ? "failed" : "unknown", (err as Error).message.slice(0, 500), nowIso, claimId)
      .run();
    return failedSend(db, job, recipients.length, err, message, mail);
  }
}

/** After a failed send: a refusal (nothing went out) is counted and retried, anything else acknowledged. */
async function failedSend(db: Db, job: MailJob, recipients: number, err: unknown, message: Message, mail: MailPort): Promise<Outcome> {
  const refused = err instanceof MailError && err.retryable;
  if (refused) await countMail(db, job.date, job.kind, "retried", recipients);
  const error = (err as Error).message;
  log("error", { kind: job.kind, date: job.date, message: message.id, attempts: message.attempts, refused, source: mail.source, error });
  return refused ? "retry" : "ack";
}

/** The edition's articles as fixed when the day's send started, or null once its roundup is no longer public. */
async function editionContent(db: Db, date: string, nowIso: string): Promise<DailyEdition | null> {
  const [edition] = await db.select().from(newsletterEditions).where(eq(newsletterEditions.editionDate, date)).limit(1);
  const ids = JSON.parse(edition?.articleIdsJson ?? "[]") as number[];
  const found = await loadEditionArticles(db, ids, nowIso);
  const [roundup, ...trending] = found[0]?.id === ids[0] ? found : [];
  return roundup ? { date, roundup, trending } : null;
}

/** Claims the message's subscribers still to be mailed (queued, or refused earlier) and answers who may be mailed. */
async function claim(d1: D1Database, job: DailyJob, claimId: string, nowIso: string): Promise<Recipient[]> {
  const ids = JSON.stringify(job.subscriberIds);
  await d1.batch([
    d1
      .prepare(
        // "+status": look rows up by day and subscriber (the key), not through the status index,
        // which would walk every queued row of the day for each message.
        `UPDATE newsletter_deliveries SET status = 'sending', attempts = attempts + 1, claim_id = ?1, error = NULL, updated_at = ?2
         WHERE edition_date = ?3 AND subscriber_id IN (SELECT value FROM json_each(?4)) AND +status IN ('queued', 'failed')`,
      )
      .bind(claimId, nowIso, job.date, ids),
    // A subscriber the producer queued without writing its row (it stopped in between).
    d1
      .prepare(
        `INSERT OR IGNORE INTO newsletter_deliveries (edition_date, subscriber_id, status, attempts, claim_id, updated_at)
         SELECT ?3, s.id, 'sending', 1, ?1, ?2 FROM newsletter_subscribers s WHERE s.id IN (SELECT value FROM json_each(?4))`,
      )
      .bind(claimId, nowIso, job.date, ids),
    // Whoever unsubscribed (or stopped being confirmed) since is not mailed.
    d1
      .prepare(
        `UPDATE newsletter_deliveries SET status = 'skipped', error = 'Unsubscribed before the send', updated_at = ?2
         WHERE claim_id = ?1 AND status = 'sending' AND EXISTS (SELECT 1 FROM newsletter_subscribers s
           WHERE s.id = newsletter_deliveries.subscriber_id AND (s.email IS NULL OR s.status <> 'confirmed'))`,
      )
      .bind(claimId, nowIso),
  ]);
  const { results } = await d1
    .prepare(
      `SELECT s.id AS id, s.email AS email, s.unsubscribe_token AS storedTokenHash
       FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id
       WHERE d.claim_id = ?1 AND d.status = 'sending' ORDER BY s.id`,
    )
    .bind(claimId)
    .all<Recipient>();
  return results;
}

/** Rows an earlier delivery of this message claimed and never settled: the mail may have gone, so never again. */
async function abandonEarlierAttempt(d1: D1Database, job: DailyJob, messageId: string, nowIso: string): Promise<void> {
  await d1
    .prepare(
      `UPDATE newsletter_deliveries SET status = 'unknown', error = 'An earlier delivery of its message stopped before recording a result', updated_at = ?1
       WHERE edition_date = ?2 AND subscriber_id IN (SELECT value FROM json_each(?4)) AND +status = 'sending' AND claim_id LIKE ?3`,
    )
    .bind(nowIso, job.date, `${messageId}/%`, JSON.stringify(job.subscriberIds))
    .run();
}

async function settle(d1: D1Database, job: DailyJob, status: "skipped" | "dead", error: string, nowIso: string): Promise<number> {
  const result = await d1
    .prepare(
      `UPDATE newsletter_deliveries SET status = ?1, error = ?2, updated_at = ?3
       WHERE edition_date = ?4 AND subscriber_id IN (SELECT value FROM json_each(?5)) AND +status IN ('queued', 'failed')`,
    )
    .bind(status, error.slice(0, 500), nowIso, job.date, JSON.stringify(job.subscriberIds))
    .run();
  return result.meta.changes ?? 0;
}

/**
 * Each recipient's unsubscribe token; a row whose stored hash does not match it (a row from before
 * hashed tokens, or a rotated secret) is brought up to date first, so the mailed link works.
 */
async function unsubscribeTokens(env: Env, origin: string, recipients: Recipient[]): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  const updates: D1PreparedStatement[] = [];
  for (const r of recipients) {
    const token = await unsubscribeToken(env, origin, r.id);
    tokens.set(r.id, token);
    const hash = await sha256Hex(token);
    if (hash !== r.storedTokenHash) {
      updates.push(env.DB.prepare("UPDATE newsletter_subscribers SET unsubscribe_token = ? WHERE id = ?").bind(hash, r.id));
    }
  }
  if (updates.length) await env.DB.batch(updates);
  return tokens;
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
  const dead = job.kind === "daily" ? await settle(env.DB, job, "dead", `Dead-lettered after ${message.attempts} deliveries`, nowIso) : 1;
  await countMail(db, job.date, job.kind, "dead", dead);
  log("error", { queue: MAIL_DEAD_LETTER_QUEUE, kind: job.kind, date: job.date, message: message.id, deadLettered: dead });
}
