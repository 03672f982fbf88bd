import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { alertKinds, digestFrequencies } from "../contracts/alert-rules.ts";
import { users } from "./accounts.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A member's alerts, one row per coin, kind and threshold. `armed` says whether the next crossing
 * fires: a firing disarms the row in the same conditional UPDATE that claims it, and the price has
 * to go back across by the re-arm margin before it is armed again (docs/decisions/alerts/).
 */
export const alerts = sqliteTable(
  "alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** CoinGecko id: the key the price tick carries. */
    coinId: text("coin_id").notNull(),
    /** Upper case, as on /coin/{symbol}. */
    symbol: text("symbol").notNull(),
    coinName: text("coin_name").notNull(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    /** USD for price kinds, percent for the 24 h move, points for sentiment; 0 for new articles. */
    threshold: real("threshold").notNull(),
    armed: integer("armed", { mode: "boolean" }).notNull().default(true),
    paused: integer("paused", { mode: "boolean" }).notNull().default(false),
    lastFiredAt: text("last_fired_at"),
    fireCount: integer("fire_count").notNull().default(0),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    // A tick asks, per coin and kind, for the armed (or disarmed) rows on one side of a value:
    // equality on the first three columns, a range on the threshold. Paused rows are not in it.
    index("alerts_eval_idx").on(t.coinId, t.kind, t.armed, t.threshold).where(sql`paused = 0`),
    uniqueIndex("alerts_unique_idx").on(t.userId, t.coinId, t.kind, t.threshold),
    check("alerts_threshold_range", sql`${t.threshold} >= 0`),
  ],
);

/**
 * What the bell lists: one row per alert and event. `event_key` names the event (a crossing's time,
 * a snapshot day, an article id), so the same event is never recorded, or mailed, twice.
 */
export const alertEvents = sqliteTable(
  "alert_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    alertId: integer("alert_id").references(() => alerts.id, { onDelete: "set null" }),
    eventKey: text("event_key").notNull(),
    kind: text("kind", { enum: alertKinds }).notNull(),
    symbol: text("symbol").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Site path the event links to: the coin page or the article. */
    href: text("href").notNull(),
    /** When the figures in the text were taken. */
    asOf: text("as_of").notNull(),
    /** Whether a mail carried it (false: over the daily cap, or the member turned alert mails off). */
    mailed: integer("mailed", { mode: "boolean" }).notNull().default(false),
    readAt: text("read_at"),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("alert_events_once_idx").on(t.alertId, t.eventKey),
    index("alert_events_user_idx").on(t.userId, t.id),
    index("alert_events_unread_idx").on(t.userId).where(sql`read_at IS NULL`),
    index("alert_events_created_idx").on(t.createdAt),
  ],
);

/** Per member: alert mails on or off, and the watchlist digest (off, daily or weekly). */
export const alertSettings = sqliteTable(
  "alert_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    alertMail: integer("alert_mail", { mode: "boolean" }).notNull().default(true),
    digest: text("digest", { enum: digestFrequencies }).notNull().default("off"),
    /** When the next digest is due; a run claims a member by moving it forward in one conditional UPDATE. */
    digestDueAt: text("digest_due_at"),
    digestSentAt: text("digest_sent_at"),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("alert_settings_due_idx").on(t.digestDueAt).where(sql`digest <> 'off'`)],
);

/** Where the minute's scans for new articles and new sentiment snapshots got to. */
export const alertCursors = sqliteTable("alert_cursors", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull().default(now),
});
