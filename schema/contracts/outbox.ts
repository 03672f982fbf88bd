import { z } from "zod";

/** Who writes to the outbox: the mail port (email) and, later, the social port (social). */
export const outboxChannels = ["email", "social"] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** Query of the (admin) outbox listing. */
export const outboxQuery = z
  .object({
    channel: z.enum(outboxChannels).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();

/** One message the offline mail or social adapter captured instead of sending. */
export const outboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(outboxChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  tags: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type OutboxItem = z.infer<typeof outboxItemSchema>;

/**
 * One day's newsletter mail through the mail queue, in recipients: queued by the daily send or a
 * signup, sent by the consumer, retried after the provider refused them, dead-lettered after the
 * last retry.
 */
export const mailQueueDaySchema = z.object({
  date: z.string(),
  kind: z.enum(["daily", "notice", "member"]),
  queued: z.number().int(),
  sent: z.number().int(),
  retried: z.number().int(),
  deadLettered: z.number().int(),
});
export type MailQueueDay = z.infer<typeof mailQueueDaySchema>;

/** GET /api/admin/outbox: the captured messages, whether mail goes out for real, and the mail queue's last days. */
export const outboxListSchema = z.object({ items: z.array(outboxItemSchema), mailLive: z.boolean(), queue: z.array(mailQueueDaySchema) });
export type OutboxList = z.infer<typeof outboxListSchema>;
