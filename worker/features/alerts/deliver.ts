import { ALERT_MAILS_PER_DAY } from "#schema/contracts/alert-rules.ts";
import { countMail } from "#worker/features/newsletter/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { hitRateLimit, type RateLimitRule } from "#worker/lib/rate-limit.ts";
import type { MailMessage } from "#worker/ports/mail/mail.ts";
import type { RecordedEvent } from "./events.ts";
import { mailToken, publicOrigin } from "./links.ts";
import { alertMail } from "./mail-templates.ts";

const log = logger("alerts");

/** Alert mails per member per UTC day (a fixed window counted in D1, so concurrent ticks share it). */
export const ALERT_MAIL_RULE: RateLimitRule = { scope: "alert-mail", limit: ALERT_MAILS_PER_DAY, windowMs: 86_400_000 };

type MailEnv = Pick<Env, "DB" | "MAIL_QUEUE">;

/** A member's mail and the key that makes it go out once, however often the queue delivers it. */
export type MemberMail = { userId: string; key: string; message: MailMessage };

/** Messages per queue batch: the queue takes at most 256 KB a batch, and a digest is a few kilobytes. */
const PER_BATCH = 20;

/**
 * The one way alert and digest mail leaves this feature: the newsletter's mail queue, as `member`
 * jobs its consumer sends through the mail port (Resend live, the outbox offline) with retries and a
 * dead-letter queue. Returns the mails the queue accepted; a refused batch is logged, and its events
 * stay in the bell.
 */
export async function sendAlertsMail(env: MailEnv, mails: readonly MemberMail[], now = Date.now()): Promise<MemberMail[]> {
  const date = new Date(now).toISOString().slice(0, 10);
  const queued: MemberMail[] = [];
  for (let i = 0; i < mails.length; i += PER_BATCH) {
    const batch = mails.slice(i, i + PER_BATCH);
    try {
      await env.MAIL_QUEUE.sendBatch(
        batch.map((m) => ({ body: { kind: "member" as const, date, userId: m.userId, key: m.key, mail: m.message } })),
      );
      queued.push(...batch);
    } catch (err) {
      log.error("alert mails not queued", { error: err });
    }
  }
  await countMail(getDb(env.DB), date, "member", "queued", queued.length);
  return queued;
}

type Recipient = { id: string; email: string; alert_mail: number };

const RECIPIENTS = `
SELECT u.id, u.email, coalesce(s.alert_mail, 1) AS alert_mail
FROM json_each(?1) AS j JOIN users u ON u.id = j.value LEFT JOIN alert_settings s ON s.user_id = u.id
WHERE u.is_active = 1`;

/**
 * Mails recorded events, one mail per member, within each member's daily cap; what is over the cap
 * (or belongs to members who turned alert mails off) stays in the bell only.
 */
export async function deliverEvents(
  env: Env,
  events: readonly RecordedEvent[],
  now = Date.now(),
): Promise<{ mailed: number; held: number }> {
  if (events.length === 0) return { mailed: 0, held: 0 };
  const byUser = new Map<string, RecordedEvent[]>();
  for (const e of events) byUser.set(e.user_id, [...(byUser.get(e.user_id) ?? []), e]);
  const origin = publicOrigin(env);
  if (!origin) {
    // Production without PUBLIC_ORIGIN has no safe address for links: the bell only (README, Configuration).
    log.warn("alert mails skipped", { skipped: events.length, reason: "PUBLIC_ORIGIN is not set" });
    return { mailed: 0, held: events.length };
  }
  const { results: recipients } = await env.DB.prepare(RECIPIENTS)
    .bind(JSON.stringify([...byUser.keys()]))
    .all<Recipient>();
  const messages: (MemberMail & { events: RecordedEvent[] })[] = [];
  for (const r of recipients) {
    const mine = byUser.get(r.id) ?? [];
    if (!r.alert_mail || mine.length === 0) continue;
    if (!(await hitRateLimit(env.DB, ALERT_MAIL_RULE, r.id, now)).allowed) continue;
    const message = alertMail(mine, { to: r.email, origin, token: await mailToken(env, origin, "alert-mail", r.id, now) });
    messages.push({ userId: r.id, key: `alert/${r.id}/${mine.map((e) => e.id).join(",")}`.slice(0, 200), message, events: mine });
  }
  const sent = new Set(await sendAlertsMail(env, messages, now));
  const mailedIds = messages.filter((m) => sent.has(m)).flatMap((m) => m.events.map((e) => e.id));
  if (mailedIds.length > 0) {
    await env.DB.prepare("UPDATE alert_events SET mailed = 1 WHERE id IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(mailedIds))
      .run();
  }
  return { mailed: mailedIds.length, held: events.length - mailedIds.length };
}
