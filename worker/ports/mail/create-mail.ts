import { getDb } from "#worker/lib/db.ts";
import { liveWhenSet } from "#worker/ports/port.ts";
import type { MailPort } from "./mail.ts";
import { createOutboxMail } from "./outbox.ts";
import { createResendMail } from "./resend.ts";

export const DEFAULT_MAIL_FROM = "Coinsight <newsletter@coinsight.news>";

/** Resend when MAIL_API_KEY is set, otherwise the outbox table (README, Configuration). */
export function createMail(env: Pick<Env, "DB" | "MAIL_API_KEY" | "MAIL_FROM">): MailPort {
  return liveWhenSet(
    env.MAIL_API_KEY,
    (apiKey) => createResendMail({ apiKey, from: env.MAIL_FROM || DEFAULT_MAIL_FROM }),
    () => createOutboxMail(getDb(env.DB)),
  );
}
