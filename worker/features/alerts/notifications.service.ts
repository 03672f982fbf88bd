import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { MarkReadBody, NotificationList } from "#schema/contracts/alerts.ts";
import { alertEvents } from "#schema/db/alerts.ts";
import { type Db, inList } from "#worker/lib/db.ts";

/** The bell shows this many by default; older events stay until the nightly prune. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
/** Events are kept this long. */
export const EVENT_RETENTION_DAYS = 90;

async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(alertEvents)
    .where(and(eq(alertEvents.userId, userId), isNull(alertEvents.readAt)));
  return row?.n ?? 0;
}

/** The member's newest events and how many are unread (only ever their own). */
export async function listNotifications(db: Db, userId: string, limit = NOTIFICATIONS_DEFAULT_LIMIT): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db.select().from(alertEvents).where(eq(alertEvents.userId, userId)).orderBy(desc(alertEvents.id)).limit(limit),
    unreadCount(db, userId),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      symbol: r.symbol,
      title: r.title,
      body: r.body,
      href: r.href,
      asOf: r.asOf,
      createdAt: r.createdAt,
      read: r.readAt !== null,
    })),
    unread,
  };
}

/** Marks some of the member's events (ids of others are ignored), or all of them, as read. */
export async function markRead(db: Db, userId: string, body: MarkReadBody, now = new Date()): Promise<{ unread: number }> {
  const mine = and(eq(alertEvents.userId, userId), isNull(alertEvents.readAt));
  const which = "ids" in body ? and(mine, inList(alertEvents.id, body.ids)) : mine;
  await db.update(alertEvents).set({ readAt: now.toISOString() }).where(which);
  return { unread: await unreadCount(db, userId) };
}

/** Nightly: events older than the retention go. */
export async function pruneEvents(db: Db, at: number): Promise<number> {
  const cutoff = new Date(at - EVENT_RETENTION_DAYS * 86_400_000).toISOString();
  const removed = await db.delete(alertEvents).where(lt(alertEvents.createdAt, cutoff)).returning({ id: alertEvents.id });
  return removed.length;
}
