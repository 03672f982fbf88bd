import type { Db } from "#worker/lib/db.ts";
import { writeOutbox } from "#worker/ports/outbox.ts";
import type { MailMessage, MailPort } from "./mail.ts";

/** The offline mail adapter: every mail becomes an `outbox` row (channel "email") instead of leaving the machine. */
export function createOutboxMail(db: Db): MailPort {
  const entry = (m: MailMessage, key: string | undefined) => ({
    channel: "email" as const,
    recipient: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    headers: m.headers ?? {},
    tags: m.tags ?? {},
    idempotencyKey: key ?? null,
  });
  return {
    source: "outbox",
    async send(message) {
      const [id] = await writeOutbox(db, [entry(message, message.idempotencyKey)]);
      return { id: `outbox-${id}` };
    },
    async sendBatch(messages, options) {
      // Per-message keys, derived from the batch key when a message has none of its own.
      const ids = await writeOutbox(
        db,
        messages.map((m, i) => entry(m, m.idempotencyKey ?? (options?.idempotencyKey ? `${options.idempotencyKey}/${i}` : undefined))),
      );
      return ids.map((id) => ({ id: `outbox-${id}` }));
    },
  };
}
