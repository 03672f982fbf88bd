import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const roles = ["user", "premium", "admin"] as const;
export type Role = (typeof roles)[number];

/**
 * Who gave a member their role: "admin-emails" (the ADMIN_EMAILS list at sign-in, which also takes
 * it back once the address leaves the list), "admin-panel" (an admin, kept until an admin changes
 * it), or "default" (the role every new member starts with).
 */
export const roleSources = ["default", "admin-emails", "admin-panel"] as const;
export type RoleSource = (typeof roleSources)[number];

/** Members. Email is stored lower-case; the identity provider's (issuer, subject) pair is the stable key. */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: roles }).notNull().default("user"),
    roleSource: text("role_source", { enum: roleSources }).notNull().default("default"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Who vouched for this member: the OIDC issuer URL, or "offline" for the local sign-in form. */
    identityIssuer: text("identity_issuer").notNull(),
    identitySubject: text("identity_subject").notNull(),
    lastLoginAt: text("last_login_at"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("users_identity_idx").on(t.identityIssuer, t.identitySubject),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Server-side sessions. The cookie carries a signed token naming the session id; a row that is
 * revoked or past `expires_at` no longer signs anyone in, whatever the token says.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().default(now),
    /** When the sliding expiry was last pushed forward. */
    renewedAt: text("renewed_at").notNull().default(now),
    expiresAt: text("expires_at").notNull(),
    revokedAt: text("revoked_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** One row per member and coin symbol (upper case), capped per member by the service. */
export const watchlist = sqliteTable(
  "watchlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cryptoSymbol: text("crypto_symbol").notNull(),
    cryptoName: text("crypto_name").notNull(),
    /** The CoinGecko id the symbol resolved to when it was added. */
    cryptoId: text("crypto_id").notNull(),
    createdAt: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("watchlist_user_symbol_idx").on(t.userId, t.cryptoSymbol)],
);

export const tiers = ["free", "lite", "basic", "pro"] as const;
export type Tier = (typeof tiers)[number];

/**
 * Each member's plan and Ask allowance. A new member is on the free tier with 2 trial queries; the
 * payments feature moves members between tiers and the quota feature counts queries here.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tier: text("tier", { enum: tiers }).notNull().default("free"),
    /** "active" while the plan is paid up (free is always active); anything else blocks paid queries. */
    status: text("status").notNull().default("active"),
    trialQueriesRemaining: integer("trial_queries_remaining").notNull().default(2),
    queryCount: integer("query_count").notNull().default(0),
    queryLimit: integer("query_limit").notNull().default(0),
    /** Top-up credits (mirrored from the member's QuotaCounter, which is their only writer). */
    credits: integer("credits").notNull().default(0),
    /** 1 while the plan is the premium role's complimentary Pro allowance, not a paid one (docs/decisions/accounts/premium-role.md). */
    complimentary: integer("complimentary", { mode: "boolean" }).notNull().default(false),
    periodStart: text("period_start"),
    periodEnd: text("period_end"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [check("subscriptions_trial_range", sql`${t.trialQueriesRemaining} >= 0`)],
);
