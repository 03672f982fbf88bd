import { eq } from "drizzle-orm";
import { type EditionStatus, newsletterEditions } from "#schema/db/newsletter.ts";
import { randomToken, sha256Hex } from "#worker/lib/crypto.ts";
import { type Db, getDb } from "#worker/lib/db.ts";
import { createMail } from "#worker/ports/mail/create-mail.ts";
import { MAX_BATCH, MailError, type MailPort } from "#worker/ports/mail/mail.ts";
import { findDailyRoundup, findTrendingAnalysis, loadEditionArticles } from "./daily-content.ts";
import { publicOrigin, unsubscribeToken } from "./links.ts";
import { type DailyEdition, dailyMail, dailySubject } from "./mail-templates.ts";

/** Batches per cron run: 10 × 100 mails, with several runs each morning (docs/architecture.md, Daily send). */
export const MAX_BATCHES_PER_RUN = 10;
/** A batch the provider refused (so nothing went out) is tried again on later runs, this many times in all. */
export const MAX_ATTEMPTS = 3;
/** A claimed batch with no recorded result after this long belongs to a run that died mid-send. */
const STALE_CLAIM_MS = 30 * 60_000;

export type DailySendResult = {
  date: string;
  status: EditionStatus;
  reason?: string;
  /** Mails handed to the provider by this run. */
  sent: number;
  /** Mails of this run that failed. */
  failed: number;
};

type Options = { now?: number; mail?: MailPort; batchSize?: number; maxBatches?: number };
type Claimed = { id: number; email: string; storedTokenHash: string };

/**
 * One run of the daily send: mails the day's Daily Roundup to every confirmed subscriber, in
 * batches, over as many cron runs as it takes. Each subscriber is claimed for the day by a
 * delivery row before their mail goes out, so repeated or overlapping runs never mail anyone
 * twice on the same day. Without a Daily Roundup for the day the run sends nothing and records why.
 */
export async function runDailySend(env: Env, options: Options = {}): Promise<DailySendResult> {
  const now = options.now ?? Date.now();
  const nowIso = new Date(now).toISOString();
  const date = nowIso.slice(0, 10);
  const db = getDb(env.DB);

  const origin = publicOrigin(env);
  if (!origin) return skip(db, date, nowIso, "PUBLIC_ORIGIN is not set, so the mails would have no working links");

  let edition = await readEdition(db, date);
  if (edition?.status === "sent") return { date, status: "sent", reason: "Already sent today", sent: 0, failed: 0 };
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
    edition = await readEdition(db, date);
  }

  const ids = JSON.parse(edition?.articleIdsJson ?? "[]") as number[];
  const found = await loadEditionArticles(db, ids, nowIso);
  const [roundup, ...trending] = found[0]?.id === ids[0] ? found : [];
  if (!roundup) return skip(db, date, nowIso, "The Daily Roundup was withdrawn during the send; the rest of the list was not mailed");
  const content: DailyEdition = { date, roundup, trending };

  await expireStaleClaims(env.DB, date, now);
  const mail = options.mail ?? createMail(env);
  const batchSize = Math.min(options.batchSize ?? MAX_BATCH, MAX_BATCH);
  let sent = 0;
  let failed = 0;
  for (let batch = 0; batch < (options.maxBatches ?? MAX_BATCHES_PER_RUN); batch++) {
    const claimId = randomToken(12);
    const recipients = await claim(env.DB, date, claimId, batchSize, nowIso);
    if (recipients.length === 0) break;
    const tokens = await unsubscribeTokens(env, origin, recipients);
    const messages = recipients.map((r) => ({
      ...dailyMail(content, { to: r.email, origin, unsubscribeToken: tokens.get(r.id) ?? "" }),
      idempotencyKey: `newsletter-daily/${date}/${r.id}`,
    }));
    try {
      const results = await mail.sendBatch(messages, { idempotencyKey: `newsletter-daily/${date}/${claimId}` });
      await markSent(env.DB, claimId, recipients, results, nowIso);
      sent += recipients.length;
    } catch (err) {
      const retryable = err instanceof MailError && err.retryable;
      await markFailed(env.DB, claimId, retryable ? "failed" : "unknown", (err as Error).message, nowIso);
      failed += recipients.length;
      console.error(
        JSON.stringify({ level: "error", job: "newsletter-daily", date, source: mail.source, retryable, error: (err as Error).message }),
      );
      break; // the provider is struggling: leave the rest to the next run
    }
  }
  const status = await finishIfDone(env.DB, date, nowIso);
  return { date, status, sent, failed };
}

/**
 * Each recipient's unsubscribe token; a row whose stored hash does not match it (a row from before
 * hashed tokens, or a rotated secret) is brought up to date first, so the mailed link works.
 */
async function unsubscribeTokens(env: Env, origin: string, recipients: Claimed[]): Promise<Map<number, string>> {
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

async function readEdition(db: Db, date: string) {
  const [row] = await db.select().from(newsletterEditions).where(eq(newsletterEditions.editionDate, date)).limit(1);
  return row;
}

async function skip(db: Db, date: string, nowIso: string, reason: string): Promise<DailySendResult> {
  await db
    .insert(newsletterEditions)
    .values({ editionDate: date, status: "skipped", reason, updatedAt: nowIso })
    .onConflictDoUpdate({ target: newsletterEditions.editionDate, set: { status: "skipped", reason, updatedAt: nowIso } });
  return { date, status: "skipped", reason, sent: 0, failed: 0 };
}

/** Claims up to `limit` recipients: first refused ones due another try, then confirmed subscribers not yet claimed today. */
async function claim(d1: D1Database, date: string, claimId: string, limit: number, nowIso: string): Promise<Claimed[]> {
  const retried = await d1
    .prepare(
      `UPDATE newsletter_deliveries SET status = 'sending', attempts = attempts + 1, claim_id = ?1, error = NULL, updated_at = ?2
       WHERE edition_date = ?3 AND status = 'failed' AND subscriber_id IN (
         SELECT d.subscriber_id FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id
         WHERE d.edition_date = ?3 AND d.status = 'failed' AND d.attempts < ?4 AND s.status = 'confirmed' AND s.email IS NOT NULL
         ORDER BY d.subscriber_id LIMIT ?5)`,
    )
    .bind(claimId, nowIso, date, MAX_ATTEMPTS, limit)
    .run();
  const room = limit - (retried.meta.changes ?? 0);
  if (room > 0) {
    // One statement: the NOT EXISTS check and the insert cannot interleave with another run's claim.
    await d1
      .prepare(
        `INSERT OR IGNORE INTO newsletter_deliveries (edition_date, subscriber_id, status, attempts, claim_id, updated_at)
         SELECT ?1, s.id, 'sending', 1, ?2, ?3 FROM newsletter_subscribers s
         WHERE s.status = 'confirmed' AND s.email IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.edition_date = ?1 AND d.subscriber_id = s.id)
         ORDER BY s.id LIMIT ?4`,
      )
      .bind(date, claimId, nowIso, room)
      .run();
  }
  const { results } = await d1
    .prepare(
      `SELECT s.id AS id, s.email AS email, s.unsubscribe_token AS storedTokenHash
       FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id
       WHERE d.claim_id = ?1 AND d.status = 'sending' AND s.email IS NOT NULL ORDER BY s.id`,
    )
    .bind(claimId)
    .all<Claimed>();
  // Anyone who unsubscribed between the claim and this read is not mailed.
  await d1
    .prepare(
      `UPDATE newsletter_deliveries SET status = 'failed', error = 'Unsubscribed before the send'
       WHERE claim_id = ?1 AND status = 'sending' AND subscriber_id IN (SELECT id FROM newsletter_subscribers WHERE email IS NULL)`,
    )
    .bind(claimId)
    .run();
  return results;
}

async function markSent(d1: D1Database, claimId: string, recipients: Claimed[], results: { id: string }[], nowIso: string) {
  const update = d1.prepare(
    "UPDATE newsletter_deliveries SET status = 'sent', message_id = ?1, updated_at = ?2 WHERE claim_id = ?3 AND subscriber_id = ?4",
  );
  await d1.batch(recipients.map((r, i) => update.bind(results[i]?.id || null, nowIso, claimId, r.id)));
}

async function markFailed(d1: D1Database, claimId: string, status: "failed" | "unknown", error: string, nowIso: string) {
  await d1
    .prepare("UPDATE newsletter_deliveries SET status = ?1, error = ?2, updated_at = ?3 WHERE claim_id = ?4 AND status = 'sending'")
    .bind(status, error.slice(0, 500), nowIso, claimId)
    .run();
}

/** A claim left "sending" by a run that died: its mails may have gone out, so it is never retried. */
async function expireStaleClaims(d1: D1Database, date: string, now: number) {
  await d1
    .prepare(
      "UPDATE newsletter_deliveries SET status = 'unknown', error = 'The run stopped before recording a result' WHERE edition_date = ?1 AND status = 'sending' AND updated_at < ?2",
    )
    .bind(date, new Date(now - STALE_CLAIM_MS).toISOString())
    .run();
}

/** Records the day's totals, and closes the edition once nobody is left to mail or retry. */
async function finishIfDone(d1: D1Database, date: string, nowIso: string): Promise<EditionStatus> {
  const counts = await d1
    .prepare(
      `SELECT
         (SELECT count(*) FROM newsletter_subscribers s WHERE s.status = 'confirmed' AND s.email IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.edition_date = ?1 AND d.subscriber_id = s.id)) AS unclaimed,
         (SELECT count(*) FROM newsletter_deliveries d JOIN newsletter_subscribers s ON s.id = d.subscriber_id
            WHERE d.edition_date = ?1 AND d.status = 'failed' AND d.attempts < ?2 AND s.status = 'confirmed') AS retryable,
         (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1 AND status = 'sending') AS inFlight,
         (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1 AND status = 'sent') AS sent,
         (SELECT count(*) FROM newsletter_deliveries WHERE edition_date = ?1 AND status IN ('failed', 'unknown')) AS failed`,
    )
    .bind(date, MAX_ATTEMPTS)
    .first<{ unclaimed: number; retryable: number; inFlight: number; sent: number; failed: number }>();
  const done = !counts || (counts.unclaimed === 0 && counts.retryable === 0 && counts.inFlight === 0);
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
