import { PortError } from "#worker/ports/port.ts";
/** One mail. `text` is the plain-text part every mail carries next to its HTML. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
  /** Labels for the provider's logs and webhooks (ASCII letters, digits, "_" and "-"). */
  tags?: Record<string, string>;
  /** The same key twice (within the provider's window) sends once. */
  idempotencyKey?: string;
};

export type SentMail = { id: string };

/** The mail port: Resend when configured, otherwise the outbox table (README, Configuration). */
export interface MailPort {
  /** "resend" or "outbox", for logs and status. */
  readonly source: string;
  send(message: MailMessage): Promise<SentMail>;
  /** Up to `MAX_BATCH` mails in one call; all are accepted or none. */
  sendBatch(messages: MailMessage[], options?: { idempotencyKey?: string }): Promise<SentMail[]>;
}

/** The provider's per-call limit (Resend /emails/batch). */
export const MAX_BATCH = 100;

/**
 * A send that failed. `retryable` means the provider answered with a refusal, so nothing was sent
 * and trying again cannot duplicate a mail; otherwise (no answer, a timeout, a server error) the
 * mail may or may not have gone out.
 */
export class MailError extends PortError {
  readonly retryable: boolean;
  constructor(message: string, options: { retryable: boolean; status?: number }) {
    super("MailError", message, options.status);
    this.retryable = options.retryable;
  }
}
