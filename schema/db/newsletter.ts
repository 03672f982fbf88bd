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
     * SHA-256 (hex) of the unsubscribe token every newsletter mail carries (links.ts,
     * `unsubscribeToken`); rows from before migration 0008 hold the plain token until the nightly job.
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
  updatedAt: text("updated_at").notNull().default(now),
});

export const deliveryStatuses = ["sending", "sent", "failed", "unknown"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/**
 * The once-per-day guarantee: a subscriber is claimed for a day by inserting this row (primary
 * key: day + subscriber) before any mail goes out, so no run can claim them twice.
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    editionDate: text("edition_date").notNull(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    /** sending: claimed; sent; failed: the provider refused (nothing sent, retried); unknown: no answer (never retried). */
    status: text("status", { enum: deliveryStatuses }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    /** Random id of the batch that claimed the row; the run that holds it is the only one that sends it. */
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
