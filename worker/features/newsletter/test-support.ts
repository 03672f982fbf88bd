/** Test helpers of the newsletter: a queue that keeps what is sent to it, and deliveries to the consumer. */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { listOutbox } from "#worker/features/outbox/index.ts";
import { getDb } from "#worker/lib/db.ts";
import type { MailPort } from "#worker/ports/mail/mail.ts";
import { handleMailBatch } from "./mail-consumer.ts";
import { MAIL_QUEUE, type MailJob, type MailQueue } from "./mail-queue.ts";

/** A mail queue that keeps the messages sent to it, for the test to deliver (or not). */
export function capturingQueue(): MailQueue & { sent: MailJob[] } {
  const sent: MailJob[] = [];
  return {
    sent,
    async send(body) {
      sent.push(body);
    },
    async sendBatch(messages) {
      for (const m of messages) sent.push(m.body);
    },
  };
}

let next = 0;

type Delivery = { queue?: string; attempts?: number; ids?: string[]; mail?: MailPort; now?: number; env?: Env };

/** Hands messages to the consumer as the queue would (one batch), and answers what it acked and retried. */
export async function deliver(jobs: MailJob[], options: Delivery = {}) {
  const messages = jobs.map((body, i) => ({
    id: options.ids?.[i] ?? `test-message-${++next}`,
    timestamp: new Date(),
    attempts: options.attempts ?? 1,
    body,
  }));
  const batch = createMessageBatch(options.queue ?? MAIL_QUEUE, messages);
  const ctx = createExecutionContext();
  await handleMailBatch(batch, options.env ?? env, ctx, { mail: options.mail, now: options.now });
  return { ids: messages.map((m) => m.id), result: await getQueueResult(batch, ctx) };
}

/** A queue whose every message is delivered to the consumer at once (service tests of the producers). */
export function inlineQueue(options: Delivery = {}): MailQueue {
  return {
    async send(body) {
      await deliver([body], options);
    },
    async sendBatch(messages) {
      await deliver(
        [...messages].map((m) => m.body),
        options,
      );
    },
  };
}

/** Mails the outbox captured for an address, newest first. */
export async function mailsTo(to: string) {
  return (await listOutbox(getDb(env.DB), { channel: "email", limit: 500 })).filter((m) => m.recipient === to);
}

/** Waits for something the queue's consumer does after a request (the real queue delivers within about a second). */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean = Boolean, limitMs = 30_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
