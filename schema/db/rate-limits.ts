import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Fixed-window request counters. `key_hash` is SHA-256 of the day's salt and the client key (an
 * IP address), so no raw address is ever stored, and once the salt is deleted the hashes can no
 * longer be linked to anyone.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    scope: text("scope").notNull(),
    keyHash: text("key_hash").notNull(),
    /** Start of the window, unix milliseconds. */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash, t.windowStart] })],
);

/** One random salt per UTC day for `rate_limits.key_hash`; deleted after two days. */
export const rateLimitSalts = sqliteTable("rate_limit_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});
