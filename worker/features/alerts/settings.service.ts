import { eq } from "drizzle-orm";
import type { MailList } from "#schema/contracts/alert-rules.ts";
import type { AlertSettings, AlertSettingsBody } from "#schema/contracts/alerts.ts";
import { alertSettings } from "#schema/db/alerts.ts";
import type { Db } from "#worker/lib/db.ts";
import { isProduction } from "#worker/lib/secrets.ts";

type Row = typeof alertSettings.$inferSelect;

/** The member's stored choices; the route adds whether the scheduled jobs that act on them run here. */
type MemberSettings = Omit<AlertSettings, "scheduledJobsRun">;

const DEFAULTS: MemberSettings = { alertMail: true, digest: "off", nextDigestAt: null };

/**
 * Cron triggers fire only on a deployed Worker: `wrangler dev` fires none (a local run has APP_ENV
 * development, tests have test). APP_ENV fails closed, so anything else counts as deployed.
 */
export function scheduledJobsRun(env: Pick<Env, "APP_ENV">): boolean {
  return isProduction(env);
}

function toSettings(row: Row | undefined): MemberSettings {
  if (!row) return DEFAULTS;
  return { alertMail: row.alertMail, digest: row.digest, nextDigestAt: row.digest === "off" ? null : row.digestDueAt };
}

export async function getSettings(db: Db, userId: string): Promise<MemberSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  return toSettings(row);
}

/**
 * Alert mails on or off, and the digest. Turning the digest on (or changing its frequency) makes the
 * first one due now: it goes out with the next minute's run, then on its schedule.
 */
export async function updateSettings(db: Db, userId: string, body: AlertSettingsBody, now = new Date()): Promise<MemberSettings> {
  const current = await getSettings(db, userId);
  const digest = body.digest ?? current.digest;
  const changedDigest = digest !== current.digest;
  const values = {
    alertMail: body.alertMail ?? current.alertMail,
    digest,
    ...(changedDigest ? { digestDueAt: digest === "off" ? null : now.toISOString() } : {}),
    updatedAt: now.toISOString(),
  };
  const [row] = await db
    .insert(alertSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alertSettings.userId, set: values })
    .returning();
  return toSettings(row);
}

/** The one-click unsubscribe: the digest off, or alert mails off (the bell keeps every event). */
export async function unsubscribeList(db: Db, userId: string, list: MailList, now = new Date()): Promise<void> {
  await updateSettings(db, userId, list === "digest" ? { digest: "off" } : { alertMail: false }, now);
}
