import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const subscriberStatuses = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/**
 * Newsletter subscribers, double opt-in. The address is kept only while it is needed: it is
 * erased (set to null) the moment a reader unsubscribes, and unconfirmed signups are deleted when
 * their confirmation link expires. What stays after an unsubscribe is the token's hash and the times,
 * so that a second click on the same link still answers "already unsubscribed".
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Trimmed and lower-cased; null once unsubscribed. */
    email: text("email").unique(),
    status: text("status", { enum: subscriberStatuses }).notNull().default("pending"),
    /** When the reader last ticked "I agree to receive the newsletter" and submitted the form. */
    consentAt: text("consent_at").notNull(),
    /** SHA-256 (hex) of the confirmation token; the token itself only ever travels in the mail. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: text("confirm_expires_at"),
    confirmedAt: text("confirmed_at"),
    /** Last confirmation or "already subscribed" mail, to throttle repeated signups of one address. */
    noticeSentAt: text("notice_sent_at"),
    /**
     * Finds links mailed before sealed tokens (docs/decisions/alerts/per-list-unsubscribe-tokens.md),
     * until 2027-01-26: the SHA-256 (hex) of the token those mails carried, or on rows from before
     * migration 0008 the plain token. Rows created since hold the hash of a random filler.
     */
    unsubscribeTokenHash: text("unsubscribe_token").notNull().unique(),
    unsubscribedAt: text("unsubscribed_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("newsletter_subscribers_status_idx").on(t.status, t.id)],
);

export const editionStatuses = ["skipped", "sending", "sent"] as const;
export type EditionStatus = (typeof editionStatuses)[number];

/** One row per day of the daily send: what was (or why nothing was) sent. */
export const newsletterEditions = sqliteTable("newsletter_editions", {
  /** UTC day, YYYY-MM-DD. */
  editionDate: text("edition_date").primaryKey(),
  status: text("status", { enum: editionStatuses }).notNull(),
  /** Why the day was skipped, e.g. no Daily Roundup published yet. */
  reason: text("reason"),
  /** The Daily Roundup, then the Trending Analysis articles, fixed at the first batch (JSON array of ids). */
  articleIdsJson: text("article_ids_json"),
  subject: text("subject"),
  sentCount: integer("sent_count").notNull().default(0),
  failedCount: integer("failed_count").notNull().default(0),
  startedAt: text("started_at"),
  finishedAt: text("finished_at"),
  /**
   * The highest subscriber id the day's messages cover: the send queues subscribers in id order, and a
   * run takes the next page by moving this mark with a conditional update, so overlapping runs never
   * put one subscriber in two messages.
   */
  queuedThrough: integer("queued_through").notNull().default(0),
  updatedAt: text("updated_at").notNull().default(now),
});

export const sendMessageStatuses = ["queued", "sending", "sent", "failed", "unknown", "dead", "skipped"] as const;
export type SendMessageStatus = (typeof sendMessageStatuses)[number];

/**
 * One row per queue message of the daily send (up to 100 subscribers): the claim and the result are
 * recorded per message, not per subscriber, because D1 bills each row written
 * (docs/decisions/newsletter/send-recorded-per-message.md). Keyed by the day and the message's first
 * subscriber id. queued: on the mail queue; sending: claimed by a consumer (`claim_id`), only it
 * mails; sent; failed: the provider refused (nothing sent, retried); unknown: no answer, so it may
 * have gone out (never retried); dead: its retries spent; skipped: the edition was withdrawn.
 */
export const newsletterSendMessages = sqliteTable(
  "newsletter_send_messages",
  {
    editionDate: text("edition_date").notNull(),
    firstSubscriberId: integer("first_subscriber_id").notNull(),
    /** The message's subscriber ids (JSON array), as queued. */
    subscriberIdsJson: text("subscriber_ids_json").notNull(),
    status: text("status", { enum: sendMessageStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** The queue message (id and attempt) whose consumer claimed it. */
    claimId: text("claim_id"),
    /** Recipients mailed (those still subscribed when it was claimed). */
    sentCount: integer("sent_count").notNull().default(0),
    error: text("error"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.editionDate, t.firstSubscriberId] })],
);

export const deliveryStatuses = ["queued", "sending", "sent", "failed", "unknown", "dead", "skipped"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * What went wrong for one subscriber on one day (primary key): not mailed because they unsubscribed
 * before the send (skipped), a message with no answer from the provider (unknown) or whose retries
 * were spent (dead). A mailed subscriber has no row: the day's message row (newsletter_send_messages)
 * records it. Rows from before migration 0020 hold every subscriber's status.
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    editionDate: text("edition_date").notNull(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    /**
     * queued: on the mail queue; sending: claimed by a consumer; sent; failed: the provider refused
     * (nothing sent; the message is retried); unknown: no answer, so it may have gone out (never
     * retried); dead: its message went to the dead-letter queue; skipped: unsubscribed meanwhile.
     */
    status: text("status", { enum: deliveryStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    /** The queue message (id and attempt) whose consumer claimed the row; only it sends the mail. */
    claimId: text("claim_id"),
    messageId: text("message_id"),
    error: text("error"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.editionDate, t.subscriberId] }),
    index("newsletter_deliveries_status_idx").on(t.editionDate, t.status),
    index("newsletter_deliveries_claim_idx").on(t.claimId),
  ],
);

/** daily: the newsletter; notice: confirmations; member: a signed-in member's alert and digest mail. */
export const mailKinds = ["daily", "notice", "member"] as const;
export type MailKind = (typeof mailKinds)[number];

/**
 * What went through the mail queue per UTC day and kind of mail, counted in recipients: queued by
 * the producers, sent by the consumer, retried (a message the provider refused, put back on the
 * queue) and dead-lettered (its retries spent). The admin Outbox shows them.
 */
export const mailQueueStats = sqliteTable(
  "mail_queue_stats",
  {
    date: text("date").notNull(),
    kind: text("kind", { enum: mailKinds }).notNull(),
    queued: integer("queued").notNull().default(0),
    sent: integer("sent").notNull().default(0),
    retried: integer("retried").notNull().default(0),
    dead: integer("dead").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.kind] })],
);
