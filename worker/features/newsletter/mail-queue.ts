import { sql } from "drizzle-orm";
import { z } from "zod";
import { type MailKind, mailQueueStats } from "#schema/db/newsletter.ts";
import type { Db } from "#worker/lib/db.ts";
import { MAX_BATCH } from "#worker/ports/mail/mail.ts";

/** The queues of wrangler.toml: newsletter mail, and where a message goes once its retries are spent. */
export const MAIL_QUEUE = "coinsight-mail";
export const MAIL_DEAD_LETTER_QUEUE = "coinsight-mail-dlq";
/** Recipients per daily-send message: one call to the mail provider's batch endpoint. */
export const RECIPIENTS_PER_MESSAGE = MAX_BATCH;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A mail built before it was queued (its links carry tokens the consumer could not remake). */
const builtMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  tags: z.record(z.string(), z.string()).optional(),
});

/** One message on the mail queue. Bodies are checked on the way out of the queue like any other input. */
export const mailJobSchema = z.discriminatedUnion("kind", [
  // The daily newsletter of `date` for up to 100 subscribers; the consumer builds each mail.
  z.object({ kind: z.literal("daily"), date: day, subscriberIds: z.array(z.number().int().positive()).min(1).max(RECIPIENTS_PER_MESSAGE) }),
  // A confirmation or "already subscribed" mail, built when the reader signed up (its link's token is only in the mail).
  z.object({ kind: z.literal("notice"), date: day, subscriberId: z.number().int().positive(), mail: builtMail }),
  // A member's alert or digest mail (worker/features/alerts), built by the producer; `key` makes a redelivery send nothing twice.
  z.object({ kind: z.literal("member"), date: day, userId: z.string().min(1), key: z.string().min(1).max(200), mail: builtMail }),
]);
export type MailJob = z.infer<typeof mailJobSchema>;

/** What the producers need of the queue binding (tests pass one that hands messages to the consumer at once). */
export type MailQueue = {
  send(body: MailJob): Promise<unknown>;
  sendBatch(messages: Iterable<{ body: MailJob }>): Promise<unknown>;
};

type Counter = "queued" | "sent" | "retried" | "dead";

/** Adds `n` recipients to one of the day's counters (the admin Outbox's queue figures). */
export async function countMail(db: Db, date: string, kind: MailKind, counter: Counter, n: number): Promise<void> {
  if (n <= 0) return;
  await db
    .insert(mailQueueStats)
    .values({ date, kind, [counter]: n })
    .onConflictDoUpdate({
      target: [mailQueueStats.date, mailQueueStats.kind],
      set: { [counter]: sql`${mailQueueStats[counter]} + ${n}` },
    });
}

/** The wait before a refused message is delivered again: 1, 2, 4 minutes, then at most 15. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(900, 60 * 2 ** Math.max(0, attempts - 1));
}
