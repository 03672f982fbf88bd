import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { outboxChannels } from "../contracts/outbox.ts";

/**
 * What the offline adapters of the mail and social ports "send": every message lands here instead
 * of the outside service, so a local run or a test can read exactly what would have gone out.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: outboxChannels }).notNull(),
    /** An email address, or the social account a post would go to. */
    recipient: text("recipient").notNull(),
    /** Mail subject; null for social posts. */
    subject: text("subject"),
    bodyText: text("body_text").notNull(),
    bodyHtml: text("body_html"),
    /** Extra mail headers (e.g. List-Unsubscribe) as a JSON object. */
    headersJson: text("headers_json"),
    /** Labels for filtering, as a JSON object. */
    tagsJson: text("tags_json"),
    /** The sender's idempotency key: writing the same message twice keeps one row. */
    idempotencyKey: text("idempotency_key").unique(),
    createdAt: text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [index("outbox_channel_idx").on(t.channel, t.id)],
);
