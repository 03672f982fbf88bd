import { getDb } from "#worker/lib/db.ts";
import type { MailPort } from "./mail.ts";
import { createOutboxMail } from "./outbox.ts";
import { createResendMail } from "./resend.ts";

export const DEFAULT_MAIL_FROM = "Coinsight <newsletter@coinsight.news>";

/** Resend when MAIL_API_KEY is set, otherwise the outbox table (README, Configuration). */
export function createMail(env: Pick<Env, "DB" | "MAIL_API_KEY" | "MAIL_FROM">): MailPort {
  if (env.MAIL_API_KEY) return createResendMail({ apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM || DEFAULT_MAIL_FROM });
  return createOutboxMail(getDb(env.DB));
}
