import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { getDb } from "#worker/lib/db.ts";
import { publishAtItsTime, type ScheduleOutcome } from "./scheduled-publish.ts";

/** What starts an instance: the article and its time (UTC ISO). Everything else is read from D1 at that time. */
export type SchedulePayload = { articleId: number; publishAt: string };

/** Publishing is a few D1 writes and a cache bump: retried soon, and an edit in between is a retry too. */
const PUBLISH_STEP: WorkflowStepConfig = { retries: { limit: 5, delay: "10 seconds", backoff: "exponential" }, timeout: "2 minutes" };
export const SLEEP_STEP_NAME = "Wait for the publication time";
export const PUBLISH_STEP_NAME = "Publish the article";

/**
 * One scheduled publication (docs/decisions/editorial/scheduled-publishing-is-a-sleeping-workflow.md):
 * the instance sleeps in the engine until the time, which survives restarts and deploys, then publishes.
 * Cancelling or rescheduling terminates it.
 */
export class PublishScheduleWorkflow extends WorkflowEntrypoint<Env, SchedulePayload> {
  override async run(event: Readonly<WorkflowEvent<SchedulePayload>>, step: WorkflowStep): Promise<ScheduleOutcome> {
    const { articleId, publishAt } = event.payload;
    // A time already passed (an instance restarted after it: schedule-store.ts, resumeOverdue) publishes at
    // once: the local engine refuses to sleep until a past time. Steps are keyed by name, so leaving the
    // sleep out on a later run does not move the publish step's stored result.
    if (Date.parse(publishAt) > Date.now()) await step.sleepUntil(SLEEP_STEP_NAME, new Date(publishAt));
    return step.do(PUBLISH_STEP_NAME, PUBLISH_STEP, () => publishAtItsTime(getDb(this.env.DB), this.env, articleId, event.instanceId));
  }
}
