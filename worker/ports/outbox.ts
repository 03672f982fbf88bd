import { sql } from "drizzle-orm";
import type { OutboxChannel } from "#schema/contracts/outbox.ts";
import { outbox } from "#schema/db/outbox.ts";
import type { Db } from "#worker/lib/db.ts";

/**
 * The `outbox` table's one writer: the offline adapters of the mail and social ports "send" here.
 * It lives with the ports that write it, so no port imports a feature; the outbox feature (the
 * admin tab, retention, erasure) only reads and deletes rows.
 */

export type OutboxEntry = {
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  idempotencyKey?: string | null;
};

/**
 * Writes entries in one batch (all or none). An entry whose idempotency key is already there keeps
 * the existing row and returns its id, so a retried send never shows up twice.
 */
export async function writeOutbox(db: Db, entries: OutboxEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const statements = entries.map((e) =>
    db
      .insert(outbox)
      .values({
        channel: e.channel,
        recipient: e.recipient,
        subject: e.subject ?? null,
        bodyText: e.text,
        bodyHtml: e.html ?? null,
        headersJson: e.headers ? JSON.stringify(e.headers) : null,
        tagsJson: e.tags ? JSON.stringify(e.tags) : null,
        idempotencyKey: e.idempotencyKey ?? null,
      })
      .onConflictDoUpdate({ target: outbox.idempotencyKey, set: { idempotencyKey: sql`excluded.idempotency_key` } })
      .returning({ id: outbox.id }),
  );
  const [first, ...rest] = statements;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return results.map((rows) => rows[0]?.id ?? 0);
}
