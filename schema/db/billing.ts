import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * Each member's customer at the payment provider. The allowance itself lives in the QuotaCounter
 * Durable Object (mirrored to `subscriptions`); this table only links members to provider ids.
 */
export const billingCustomers = sqliteTable(
  "billing_customers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Stripe customer id (`cus_...`; `cus_local_...` for the offline test checkout). */
    customerId: text("customer_id").notNull().unique(),
    /** The subscription the member last started or paid (`sub_...`); null before the first one. */
    subscriptionId: text("subscription_id"),
    /** When the first payment succeeded: Manage Billing is offered from then on. */
    firstPaidAt: text("first_paid_at"),
    /** End of the latest paid period applied (ISO UTC): an older invoice arriving late changes nothing. */
    paidThrough: text("paid_through"),
    createdAt: text("created_at").notNull().default(now),
    updatedAt: text("updated_at").notNull().default(now),
  },
  (t) => [index("billing_customers_subscription_idx").on(t.subscriptionId)],
);

/** Webhook events already applied (at most once per event id); pruned after 90 days. */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    /** Unix seconds the provider created the event. */
    created: integer("created").notNull(),
    receivedAt: text("received_at").notNull().default(now),
  },
  (t) => [index("stripe_events_received_idx").on(t.receivedAt)],
);
