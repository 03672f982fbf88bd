/** Helpers of the scheduled-publishing tests: the schedule's row, its instance, and waits on the engine. */
import { env } from "cloudflare:test";
import type { ArticleSchedule } from "#schema/contracts/schedule.ts";
import type { BrowserAgent } from "#worker/test/browser-agent.ts";
import { send } from "#worker/test/signed-in.ts";

export const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

export async function scheduleRow(articleId: number) {
  return env.DB.prepare("SELECT * FROM article_schedules WHERE article_id = ?")
    .bind(articleId)
    .first<{ instance_id: string; publish_at: string; created_by: string }>();
}

export async function articleRow(articleId: number) {
  return env.DB.prepare("SELECT status, published_at, title, review_reason, check_json, revision FROM articles WHERE id = ?")
    .bind(articleId)
    .first<{ status: string; published_at: string | null; title: string; review_reason: string | null; check_json: string | null }>();
}

/** Waits until the engine reports the instance in one of `statuses` (a condition, never a fixed time). */
export async function instanceReaches(instanceId: string, statuses: readonly string[], limitMs = 20_000): Promise<InstanceStatus> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await (await env.PUBLISH_SCHEDULE.get(instanceId)).status();
    if (statuses.includes(status.status)) return status;
    if (Date.now() > deadline) throw new Error(`${instanceId} is still ${status.status} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const ENDED = ["complete", "errored", "terminated"] as const;

export async function scheduleAs(agent: BrowserAgent, articleId: number, publishAt: string) {
  return send<{ schedule: ArticleSchedule; error?: { code: string; message: string; issues?: { path: string; message: string }[] } }>(
    agent,
    "PUT",
    `/api/articles/${articleId}/schedule`,
    { publishAt },
  );
}

export async function scheduleOf(agent: BrowserAgent, articleId: number) {
  return (await send<{ schedule: ArticleSchedule | null }>(agent, "GET", `/api/articles/${articleId}/schedule`)).body.schedule;
}
