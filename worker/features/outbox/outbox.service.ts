import { desc, eq, gte, lt } from "drizzle-orm";
import type { MailQueueDay, OutboxChannel, OutboxItem } from "#schema/contracts/outbox.ts";
import { mailQueueStats } from "#schema/db/newsletter.ts";
import { outbox } from "#schema/db/outbox.ts";
import type { Db } from "#worker/lib/db.ts";

export const OUTBOX_DEFAULT_LIMIT = 50;
/** Captured messages hold addresses and tokens: kept this long, then deleted by the nightly job. */
export const OUTBOX_RETENTION_DAYS = 14;

/** The newest captured messages first, optionally of one channel (what admins see offline). */
export async function listOutbox(db: Db, options: { channel?: OutboxChannel; limit?: number } = {}): Promise<OutboxItem[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.channel ? eq(outbox.channel, options.channel) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit ?? OUTBOX_DEFAULT_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    text: r.bodyText,
    html: r.bodyHtml,
    headers: parseRecord(r.headersJson),
    tags: parseRecord(r.tagsJson),
    createdAt: r.createdAt,
  }));
}

function parseRecord(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Deletes captured messages past their retention (nightly). */
export async function pruneOutbox(db: Db, now = Date.now()): Promise<number> {
  const before = new Date(now - OUTBOX_RETENTION_DAYS * 86_400_000).toISOString();
  const result = await db.delete(outbox).where(lt(outbox.createdAt, before));
  return result.meta.changes ?? 0;
}

/** Deletes every captured message to `recipient` (an unsubscribed reader's address is erased everywhere). */
export async function forgetRecipient(db: Db, recipient: string): Promise<void> {
  await db.delete(outbox).where(eq(outbox.recipient, recipient));
}

/** The last days' figures, newest first, one entry per day and kind of mail. */
export async function mailQueueDays(db: Db, since: string): Promise<MailQueueDay[]> {
  const rows = await db
    .select()
    .from(mailQueueStats)
    .where(gte(mailQueueStats.date, since))
    .orderBy(desc(mailQueueStats.date), mailQueueStats.kind);
  return rows.map(({ date, kind, queued, sent, retried, dead }) => ({ date, kind, queued, sent, retried, deadLettered: dead }));
}
