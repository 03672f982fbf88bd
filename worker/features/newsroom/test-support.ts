/** Test helpers of the newsroom: a fixed market table, a movable clock, ports that fail on demand, instances run to the end. */
import { env, introspectWorkflow } from "cloudflare:test";
import type { TaskKey } from "#schema/contracts/newsroom.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { presentAll } from "#worker/features/cryptos/index.ts";
import type { ArticleWriter, Draft, Repair } from "#worker/ports/llm/llm.ts";
import { createOfflineWriter } from "#worker/ports/llm/offline.ts";
import { createOfflineMarketData } from "#worker/ports/market/offline.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import type { SentimentPort } from "#worker/ports/sentiment/sentiment.ts";
import { type DepsFactory, type NewsroomDeps, newsroomDeps, setWorkflowDeps } from "./deps.ts";
import { restartTasks, type Start, startDay } from "./pipeline.ts";

/** The offline market table at a fixed moment: the same 500 coins and figures in every test. */
export async function fixedMarket(at = Date.parse("2026-11-10T05:59:30Z")): Promise<PriceSnapshot> {
  const coins = await createOfflineMarketData({ now: () => at }).fetchTop(500);
  return { updatedAt: new Date(at).toISOString(), source: "offline", coins: presentAll(coins) };
}

export type Clock = { now: number; advance: (ms: number) => void };

export function clockAt(iso: string): Clock {
  const clock: Clock = {
    now: Date.parse(iso),
    advance: (ms) => {
      clock.now += ms;
    },
  };
  return clock;
}

/** A sentiment port that fails `times` times with an upstream error, then answers offline. */
export function flakySentiment(times: number, error: Error = new UpstreamError("LunarCrush answered 503 for coins/list/v2", 503)) {
  const inner = createOfflineSentiment();
  const port: SentimentPort & { calls: number } = {
    source: inner.source,
    calls: 0,
    async fetchMetrics(coins, date) {
      port.calls++;
      if (port.calls <= times) throw error;
      return inner.fetchMetrics(coins, date);
    },
  };
  return port;
}

/** A writer that changes its draft (e.g. misquotes a figure) on top of the offline writer. */
export function tamperingWriter(tamper: (draft: Draft, call: number, repair?: Repair) => Draft): ArticleWriter & { calls: number } {
  const inner = createOfflineWriter();
  const writer = {
    source: inner.source,
    model: inner.model,
    calls: 0,
    async write(brief: Parameters<ArticleWriter["write"]>[0], repair?: Repair) {
      writer.calls++;
      return tamper(await inner.write(brief), writer.calls, repair);
    },
  };
  return writer;
}

export type TestDeps = NewsroomDeps & { pending: Promise<unknown>[] };

/** Deps over the test env with a fixed market table and the given clock and ports. */
export async function testDeps(
  clock: Clock,
  overrides: Partial<Pick<NewsroomDeps, "sentiment" | "writer" | "market">> = {},
): Promise<TestDeps> {
  const market = await fixedMarket(clock.now - 30_000);
  const pending: Promise<unknown>[] = [];
  const deps = newsroomDeps(env, (p) => pending.push(p), { market: async () => market, now: () => clock.now, ...overrides });
  return Object.assign(deps, { pending });
}

/** A factory for routes and cron that hands out the same test deps. */
export function factoryOf(deps: NewsroomDeps): DepsFactory {
  return (_env, waitUntil) => ({ ...deps, waitUntil });
}

/** From now on the Workflow's runs use these deps too (their ports and clock), as the test's requests do. */
export function shareWithWorkflow(deps: NewsroomDeps): void {
  setWorkflowDeps(factoryOf(deps));
}

/** The Workflow goes back to its own deps: a later test file's runs use the real clock and ports again. */
export function stopSharingWithWorkflow(): void {
  setWorkflowDeps(null);
}

const FINAL = new Set(["complete", "errored", "terminated"]);

/** Waits until an instance has finished (complete, errored or terminated) and answers its status. */
export async function settle(instanceId: string | null, limitMs = 30_000): Promise<InstanceStatus> {
  if (!instanceId) throw new Error("No instance was started");
  const deadline = Date.now() + limitMs;
  for (;;) {
    const status = await (await env.NEWSROOM.get(instanceId)).status();
    if (FINAL.has(status.status)) return status;
    if (Date.now() > deadline) throw new Error(`${instanceId} is still ${status.status} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts tasks for a date as the admin's generate call does, with these deps, and waits for the instance. */
export async function runTasks(deps: NewsroomDeps, tasks: readonly TaskKey[], date: string, trigger = "manual") {
  shareWithWorkflow(deps);
  const start: Start = await restartTasks(deps, tasks, date, trigger);
  return { ...start, status: await settle(start.instanceId) };
}

/** Starts the day as the cron does, with these deps, and waits for the instance. */
export async function runDay(deps: NewsroomDeps, date: string, trigger = "schedule") {
  shareWithWorkflow(deps);
  const start = await startDay(deps, date, trigger);
  return { ...start, status: start.instanceId ? await settle(start.instanceId) : null };
}

/**
 * The Workflow retries failed steps at once instead of after 1, 2 and 4 minutes, for the instances
 * created while the answer is held (`await using`).
 */
export async function withoutRetryDelays() {
  const introspector = await introspectWorkflow(env.NEWSROOM);
  await introspector.modifyAll(async (m) => {
    await m.disableRetryDelays();
  });
  return introspector;
}

/** An instance id of a start of `date`'s tasks (instances.ts, newInstanceId). */
export const instanceIdPattern = (date: string) => new RegExp(`^newsroom-${date}-[0-9a-f]{8}$`);

export async function runOf(task: string, date: string) {
  return env.DB.prepare("SELECT * FROM generation_runs WHERE task = ? AND date = ?").bind(task, date).first<Record<string, unknown>>();
}

export async function articlesOf(date: string) {
  const { results } = await env.DB.prepare(
    "SELECT id, slug, title, status, published_at, review_reason, rank, category_id, generation_key, content, data_as_of, sources_json, image_url, excerpt, read_time, crypto_symbol FROM articles WHERE generation_key LIKE ? ORDER BY id",
  )
    .bind(`${date}:%`)
    .all<Record<string, unknown>>();
  return results;
}

/** What a public list may show: published, not deleted, published_at passed (the content feature's rule). */
export async function publicArticles() {
  const { results } = await env.DB.prepare(
    "SELECT slug FROM articles WHERE status = 'published' AND deleted_at IS NULL AND published_at IS NOT NULL AND published_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
  ).all<{ slug: string }>();
  return results.map((r) => r.slug);
}
