import { z } from "zod";
import { alertKinds, digestFrequencies, mailLists, THRESHOLD_NOT_NUMBER, thresholdProblem } from "./alert-rules.ts";
import { symbolParam } from "./crypto.ts";

const threshold = z
  .number({ error: (issue) => (issue.input === undefined ? "Enter a threshold" : THRESHOLD_NOT_NUMBER) })
  .refine(Number.isFinite, THRESHOLD_NOT_NUMBER);

/** POST /api/alerts. */
export const createAlertBody = z
  .object({
    symbol: symbolParam,
    kind: z.enum(alertKinds, { error: `The alert type must be one of ${alertKinds.join(", ")}` }),
    threshold: threshold.nullable().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const problem = thresholdProblem(v.kind, v.threshold);
    if (problem) ctx.addIssue({ code: "custom", path: ["threshold"], message: problem });
  });
export type CreateAlertBody = z.input<typeof createAlertBody>;

/** PATCH /api/alerts/{id}: a new threshold, pause or resume. The kind and coin never change (delete and add instead). */
export const updateAlertBody = z
  .object({ threshold: threshold.optional(), paused: z.boolean().optional() })
  .strict()
  .refine((v) => v.threshold !== undefined || v.paused !== undefined, "Send a threshold, paused, or both");
export type UpdateAlertBody = z.input<typeof updateAlertBody>;

export const alertIdParam = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Why a disarmed alert waits, and what brings it back, in the site's formats. */
const alertWaitingSchema = z.object({
  /** "It fired when BTC rose above $70,000.00." or "BTC's price was already above $70,000.00 when the alert was set or last changed." */
  reason: z.string(),
  /** "It re-arms once the price is back at or below $69,650.00 (now $71,020.00), then fires on the next rise above $70,000.00." */
  rearm: z.string(),
});
export type AlertWaiting = z.infer<typeof alertWaitingSchema>;

export const alertSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  coinName: z.string(),
  kind: z.enum(alertKinds),
  /** Null for new-article alerts. */
  threshold: z.number().nullable(),
  /** "Price rises above $70,000.00", in the site's own formats. */
  description: z.string(),
  paused: z.boolean(),
  /** False after a firing until the value goes back across by the margin (price and move kinds). */
  armed: z.boolean(),
  /** While an active alert is not armed: why, and what re-arms it; null otherwise. */
  waiting: alertWaitingSchema.nullable(),
  lastFiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertPlanSchema = z.object({ tier: z.enum(["free", "lite", "basic", "pro"]), name: z.string(), limit: z.number().int() });

/** GET /api/alerts: the member's alerts, what their plan allows and what every plan allows. */
export const alertListSchema = z.object({
  alerts: z.array(alertSchema),
  usage: z.object({ used: z.number().int(), limit: z.number().int(), plan: z.string() }),
  plans: z.array(alertPlanSchema),
  mailsPerDay: z.number().int(),
});
export type AlertList = z.infer<typeof alertListSchema>;

export const deleteAlertSchema = z.object({ success: z.literal(true), id: z.number().int() });

/** One entry of the bell's panel. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(alertKinds),
  symbol: z.string(),
  title: z.string(),
  body: z.string(),
  href: z.string(),
  asOf: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }).strict();

/** POST /api/notifications/read: some entries, or every entry. */
export const markReadBody = z.union([
  z.object({ ids: z.array(z.number().int().min(1)).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadBody = z.input<typeof markReadBody>;
export const markReadSchema = z.object({ unread: z.number().int() });

export const alertSettingsSchema = z.object({
  alertMail: z.boolean(),
  digest: z.enum(digestFrequencies),
  /** When the next digest is due; null while it is off. */
  nextDigestAt: z.string().nullable(),
  /**
   * Whether the site's scheduled jobs fire by themselves: true when deployed, false on a local run
   * (wrangler dev fires no cron trigger), where a due digest, and new-article and sentiment alerts,
   * wait until someone triggers the job (docs/decisions/alerts/scheduled-jobs-on-a-local-run.md).
   */
  scheduledJobsRun: z.boolean(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const alertSettingsBody = z
  .object({
    alertMail: z.boolean().optional(),
    digest: z.enum(digestFrequencies, { error: "The digest must be off, daily or weekly" }).optional(),
  })
  .strict()
  .refine((v) => v.alertMail !== undefined || v.digest !== undefined, "Send alertMail, digest, or both");
export type AlertSettingsBody = z.input<typeof alertSettingsBody>;

/** The one-click unsubscribe address of alert and digest mails. */
export const mailUnsubscribeParams = z.object({
  list: z.enum(mailLists),
  token: z.string().trim().min(1).max(256),
});

/** POST /api/dev/alerts/move-price (local runs only): moves one coin's offline price and ticks. */
export const movePriceBody = z.object({ symbol: symbolParam, percent: z.number().min(-50).max(50) }).strict();
export const movePriceSchema = z.object({ symbol: z.string(), price: z.number(), fired: z.number().int() });
