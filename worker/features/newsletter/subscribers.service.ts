import { and, eq, inArray, lt, ne } from "drizzle-orm";
import type { SubscribeResponse, UnsubscribeResponse } from "#schema/contracts/newsletter.ts";
import { newsletterEmail } from "#schema/contracts/newsletter.ts";
import type { ConfirmOutcome } from "#schema/contracts/newsletter-confirm.ts";
import { newsletterDeliveries, newsletterSendMessages, newsletterSubscribers } from "#schema/db/newsletter.ts";
import { forgetRecipient } from "#worker/features/outbox/index.ts";
import { randomToken, sha256Hex } from "#worker/lib/crypto.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { enforceRateLimit, hitRateLimit, type RateLimitRule } from "#worker/lib/rate-limit.ts";
import type { MailMessage } from "#worker/ports/mail/mail.ts";
import { checkUnsubscribeToken, confirmUrl, unsubscribeToken } from "./links.ts";
import { countMail, type MailQueue } from "./mail-queue.ts";
import { alreadySubscribedMail, confirmationMail } from "./mail-templates.ts";

/** Signups per client address (hashed) per hour: enough for a shared office network, too few to spam. */
export const SIGNUP_RATE_LIMIT: RateLimitRule = { scope: "newsletter-signup", limit: 10, windowMs: 3_600_000 };
/**
 * Confirmation and notice mails one mailbox (the address without its "+tag", lower-cased) may get
 * per day, however many variants are entered; over it, the answer stays the same and nothing is sent.
 */
export const MAILBOX_DAILY_CAP = 3;
const MAILBOX_RATE_LIMIT: RateLimitRule = { scope: "newsletter-mailbox", limit: MAILBOX_DAILY_CAP, windowMs: 86_400_000 };
/** Confirmation and notice mails the whole site sends per hour: a ceiling on what abuse can cost. */
export const HOURLY_MAIL_LIMIT: RateLimitRule = { scope: "newsletter-mail-hourly", limit: 300, windowMs: 3_600_000 };
export const BUSY_MESSAGE = "We're receiving an unusual number of signups. Please try again in an hour.";
export const CONFIRM_VALID_DAYS = 7;
/** One address gets at most one confirmation or notice mail per this interval, however often it is entered. */
export const NOTICE_INTERVAL_MS = 10 * 60_000;
/** Deliveries (who got which day) are kept this long, then only the per-day edition totals remain. */
const DELIVERY_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

/** The same answer for every accepted address, new, pending or already subscribed: it reveals nothing. */
export const SUBSCRIBE_MESSAGE = "Thanks! Please check your inbox and click the link to confirm your subscription.";
export const MAIL_FAILED_MESSAGE = "We couldn't send the confirmation email right now. Please try again in a few minutes.";
export const RATE_LIMITED_MESSAGE = "Too many signup attempts from your network. Please try again later.";
export const UNSUBSCRIBED_MESSAGE = "You have been unsubscribed and will not receive any more newsletters from us.";
export const ALREADY_UNSUBSCRIBED_MESSAGE = "You are already unsubscribed. You will not receive any more newsletters from us.";
export const INVALID_UNSUBSCRIBE_MESSAGE =
  "This unsubscribe link is invalid. Please use the link at the bottom of one of our newsletter emails.";
export const EXPIRED_UNSUBSCRIBE_MESSAGE =
  "This unsubscribe link has expired. Please use the link at the bottom of a newer newsletter email.";

type SubscribeInput = { email: string; clientKey: string; origin: string; now?: number };
/** The mail goes through the mail queue (its consumer sends it through the mail port). */
type SubscriberDeps = { db: D1Database; queue: MailQueue; keys: Pick<Env, "APP_ENV" | "SESSION_SECRET"> };

const iso = (ms: number) => new Date(ms).toISOString();
const isSha256Hex = (text: string) => /^[0-9a-f]{64}$/.test(text);

function parseEmail(raw: string): string {
  const parsed = newsletterEmail.safeParse(raw);
  if (parsed.success) return parsed.data;
  const message = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
  throw new ApiError("BAD_REQUEST", message, { issues: [{ path: "email", message }] });
}

/**
 * Double opt-in signup. A new (or still unconfirmed) address gets a confirmation link; a confirmed
 * one gets a short "already subscribed" note instead. The caller hears the same thing in every case.
 */
export async function subscribe({ db: d1, queue, keys }: SubscriberDeps, input: SubscribeInput): Promise<SubscribeResponse> {
  const now = input.now ?? Date.now();
  await enforceRateLimit(d1, SIGNUP_RATE_LIMIT, input.clientKey, RATE_LIMITED_MESSAGE, now);
  const email = parseEmail(input.email);
  const db = getDb(d1);

  const confirmToken = randomToken();
  const fresh = {
    consentAt: iso(now),
    confirmTokenHash: await sha256Hex(confirmToken),
    confirmExpiresAt: iso(now + CONFIRM_VALID_DAYS * DAY_MS),
    updatedAt: iso(now),
  };
  const [created] = await db
    .insert(newsletterSubscribers)
    // The column only finds links mailed before sealed tokens; new rows get an unguessable filler.
    .values({ email, status: "pending", unsubscribeTokenHash: await sha256Hex(randomToken()), ...fresh })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });

  if (created) {
    await sendNotice(
      d1,
      db,
      queue,
      created.id,
      now,
      confirmationMail({ to: email, url: confirmUrl(input.origin, confirmToken), validDays: CONFIRM_VALID_DAYS }),
    );
    return { success: true, message: SUBSCRIBE_MESSAGE };
  }

  const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)).limit(1);
  if (!existing) throw new ApiError("CONFLICT", "Please try again.");
  const recentlyMailed = existing.noticeSentAt !== null && now - Date.parse(existing.noticeSentAt) < NOTICE_INTERVAL_MS;
  if (recentlyMailed) return { success: true, message: SUBSCRIBE_MESSAGE };

  if (existing.status === "confirmed") {
    const token = await unsubscribeToken(keys, input.origin, existing.id, now);
    const notice = alreadySubscribedMail({ to: email, origin: input.origin, unsubscribeToken: token });
    await sendNotice(d1, db, queue, existing.id, now, notice);
  } else {
    // Still unconfirmed: a new consent time and a new link (the previous link stops working).
    await db.update(newsletterSubscribers).set(fresh).where(eq(newsletterSubscribers.id, existing.id));
    const url = confirmUrl(input.origin, confirmToken);
    await sendNotice(d1, db, queue, existing.id, now, confirmationMail({ to: email, url, validDays: CONFIRM_VALID_DAYS }));
  }
  return { success: true, message: SUBSCRIBE_MESSAGE };
}

/** "Ada.L+news@Example.org" and "ada.l+other@example.org" are one mailbox. */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at).split("+")[0] ?? "";
  return `${local}@${email.slice(at + 1)}`.toLowerCase();
}

/** Puts a confirmation or notice mail on the mail queue, within the per-mailbox and site-wide caps. */
async function sendNotice(
  d1: D1Database,
  db: ReturnType<typeof getDb>,
  queue: MailQueue,
  id: number,
  now: number,
  message: MailMessage,
): Promise<void> {
  // Over the mailbox's daily cap: silently nothing (the caller's answer must not change).
  const mailbox = await hitRateLimit(d1, MAILBOX_RATE_LIMIT, mailboxOf(message.to), now);
  if (!mailbox.allowed) return;
  await enforceRateLimit(d1, HOURLY_MAIL_LIMIT, "site", BUSY_MESSAGE, now);
  const date = iso(now).slice(0, 10);
  try {
    await queue.send({ kind: "notice", date, subscriberId: id, mail: message });
  } catch (err) {
    logger("newsletter").error("notice mail not queued", { error: err });
    throw new ApiError("INTERNAL", MAIL_FAILED_MESSAGE);
  }
  await countMail(db, date, "notice", "queued", 1);
  await db
    .update(newsletterSubscribers)
    .set({ noticeSentAt: iso(now) })
    .where(eq(newsletterSubscribers.id, id));
}

/** Confirms the subscription a link belongs to. Clicking it again after confirming still says "confirmed". */
export async function confirm(d1: D1Database, token: string, now = Date.now()): Promise<ConfirmOutcome> {
  const db = getDb(d1);
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, await sha256Hex(token)))
    .limit(1);
  if (!row) return "invalid";
  if (row.status === "confirmed") return "confirmed";
  if (row.status !== "pending") return "invalid";
  if (row.confirmExpiresAt && Date.parse(row.confirmExpiresAt) < now) return "expired";
  await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: iso(now), updatedAt: iso(now) })
    .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, "pending")));
  return "confirmed";
}

type UnsubscribeDeps = { db: D1Database; keys: Pick<Env, "APP_ENV" | "SESSION_SECRET">; origin: string };

/**
 * Unsubscribes the holder of `token` and erases their address at once (the privacy policy keeps
 * newsletter data only until unsubscribe). Using the same link again answers "already unsubscribed";
 * an expired link changes nothing and says so (410), and a newer mail carries a working one.
 */
export async function unsubscribe(
  { db: d1, keys, origin }: UnsubscribeDeps,
  token: string,
  now = Date.now(),
): Promise<UnsubscribeResponse> {
  const db = getDb(d1);
  const check = await checkUnsubscribeToken(keys, origin, token, (t) => oldLinkSubscriber(db, t), now);
  if (check.state === "expired") throw new ApiError("GONE", EXPIRED_UNSUBSCRIBE_MESSAGE);
  const id = check.state === "valid" ? Number(check.subject) : Number.NaN;
  const [row] = Number.isSafeInteger(id)
    ? await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id)).limit(1)
    : [];
  if (!row) throw new ApiError("NOT_FOUND", INVALID_UNSUBSCRIBE_MESSAGE);
  const [done] = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", email: null, confirmTokenHash: null, unsubscribedAt: iso(now), updatedAt: iso(now) })
    .where(and(eq(newsletterSubscribers.id, row.id), ne(newsletterSubscribers.status, "unsubscribed")))
    .returning({ id: newsletterSubscribers.id });
  if (!done) return { success: true, message: ALREADY_UNSUBSCRIBED_MESSAGE, email: null };
  // Mails captured by the offline adapter hold the address too: erased with it.
  if (row.email) await forgetRecipient(db, row.email);
  return { success: true, message: UNSUBSCRIBED_MESSAGE, email: row.email };
}

/**
 * The subscriber a link mailed before sealed tokens was made for: the database keeps the SHA-256 of
 * that token (rows from before migration 0008 the plain token, 43 characters, so a stored hash of 64
 * hex is never accepted as a token).
 */
async function oldLinkSubscriber(db: ReturnType<typeof getDb>, token: string): Promise<string | null> {
  const candidates = isSha256Hex(token) ? [await sha256Hex(token)] : [await sha256Hex(token), token];
  const [row] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(inArray(newsletterSubscribers.unsubscribeTokenHash, candidates))
    .limit(1);
  return row ? String(row.id) : null;
}

/**
 * Nightly clean-up: unconfirmed signups whose link has expired are deleted (address and all), and
 * per-day delivery records are dropped after their retention.
 */
export async function purgeNewsletterData(d1: D1Database, now = Date.now()): Promise<{ expiredSignups: number }> {
  const db = getDb(d1);
  const expired = await db
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.confirmExpiresAt, iso(now))))
    .returning({ id: newsletterSubscribers.id });
  const cutoff = iso(now - DELIVERY_RETENTION_DAYS * DAY_MS).slice(0, 10);
  await db.delete(newsletterDeliveries).where(lt(newsletterDeliveries.editionDate, cutoff));
  await db.delete(newsletterSendMessages).where(lt(newsletterSendMessages.editionDate, cutoff));
  return { expiredSignups: expired.length };
}
