import { z } from "zod";
import { articleStatusSchema, editorialResultSchema } from "./editorial.ts";

/**
 * Scheduled publishing (docs/decisions/editorial/scheduled-publishing-is-a-sleeping-workflow.md).
 * A Workflow sleeps for at most a year, and a schedule further out is more likely a typo than a plan.
 */
export const SCHEDULE_MAX_DAYS = 365;
export const SCHEDULE_IN_PAST = "Choose a time in the future: that time has already passed.";
export const SCHEDULE_TOO_FAR = `Choose a time within ${SCHEDULE_MAX_DAYS} days.`;
export const SCHEDULE_PUBLISHED = "This article is already published: there is nothing to schedule.";
export const NO_SCHEDULE = "This article has no schedule.";

/** PUT /api/articles/{id}/schedule: when to publish, as an ISO date and time with its zone (the desk sends UTC). */
export const scheduleBody = z
  .object({
    publishAt: z.iso.datetime({ offset: true, message: "Enter a date and time, such as 2026-12-01T09:30:00Z" }),
  })
  .strict();

/**
 * Where a schedule stands, as the Workflows engine reports its instance: `scheduled` while it sleeps
 * (or publishes), `held` when the publish check held the article at its time (the reasons say why, and
 * nothing was published), `failed` when the instance ended in an error (the message says which).
 * A published or cancelled schedule is no schedule.
 */
export const scheduleStateSchema = z.enum(["scheduled", "held", "failed"]);

export const articleScheduleSchema = z.object({
  articleId: z.number().int(),
  /** UTC ISO time. */
  publishAt: z.string(),
  state: scheduleStateSchema,
  /** The held reasons when `state` is `held`; empty otherwise. */
  reasons: z.array(z.string()),
  /** Why a `failed` schedule failed; null otherwise. */
  message: z.string().nullable(),
  /** Who set it (name, else email, else id) and when. */
  scheduledBy: z.string(),
  scheduledAt: z.string(),
});
export type ArticleSchedule = z.infer<typeof articleScheduleSchema>;

/** GET /api/articles/{id}/schedule. */
export const articleScheduleAnswerSchema = z.object({ schedule: articleScheduleSchema.nullable() });
/** PUT /api/articles/{id}/schedule. */
export const scheduledResultSchema = editorialResultSchema.extend({ schedule: articleScheduleSchema });

/** GET /api/admin/scheduled-articles: every article with a schedule, soonest first, for the Overview. */
export const scheduledArticleSchema = articleScheduleSchema.extend({
  title: z.string(),
  slug: z.string(),
  status: articleStatusSchema,
});
export type ScheduledArticle = z.infer<typeof scheduledArticleSchema>;
export const scheduledArticlesSchema = z.object({ articles: z.array(scheduledArticleSchema) });

/** POST /api/dev/schedules/resume (local only). */
export const scheduleResumeSchema = z.object({ resumed: z.number().int() });
