import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { watchdogRecovery } from "./newsroom.service.ts";
import { restartTasks } from "./pipeline.ts";
import { MAX_RETRIES, taskRetryDelayMs } from "./progress.ts";
import { dailySummary, generationStatus } from "./status.ts";
import {
  articlesOf,
  clockAt,
  flakySentiment,
  instanceIdPattern,
  publicArticles,
  runOf,
  runTasks,
  settle,
  shareWithWorkflow,
  tamperingWriter,
  testDeps,
  withoutRetryDelays,
} from "./test-support.ts";

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the condition never held");
}

describe("retries", () => {
  it("shows a failed step as retrying, with the error and the Workflow's next try, resuming at the failed step", async () => {
    // Away from the other tests' days: the instance is terminated at the end, leaving its row for recovery.
    const date = "2026-09-05";
    const clock = clockAt(`${date}T06:00:00Z`);
    const sentiment = flakySentiment(99);
    const deps = await testDeps(clock, { sentiment });
    shareWithWorkflow(deps);
    // The Workflow's real backoff: the first retry waits a minute, so the instance sits in it.
    const { instanceId } = await restartTasks(deps, ["lunarcrush_data"], date, "manual");
    await until(
      () => runOf("lunarcrush_data", date),
      (row) => row?.status === "retrying",
    );

    const status = (await generationStatus(deps, date)).lunarcrush_data;
    expect(status).toMatchObject({ status: "retrying", nextRetryIn: taskRetryDelayMs(1) / 1000 });
    expect(status.error).toMatchObject({
      category: "api_failure",
      message: "LunarCrush answered 503 for coins/list/v2",
      retryCount: 1,
      suggestedAction: "Verify API credentials and rate limits",
      timestamp: `${date}T06:00:00.000Z`,
    });
    expect(status.error?.stackTrace).toMatch(/UpstreamError/);
    expect(status.progress?.stepDetails.map((s) => s.status)).toEqual(["completed", "failed", "pending", "pending", "pending", "pending"]);
    expect(status.progress?.currentStep).toBe("Fetch social metrics");
    expect(sentiment.calls).toBe(1);
    const { summary } = await dailySummary(deps, date);
    expect(summary.warnings).toContain(
      `LunarCrush data is retrying (retry 1 of ${MAX_RETRIES}): LunarCrush answered 503 for coins/list/v2`,
    );
    await (await env.NEWSROOM.get(String(instanceId))).terminate();
  });

  it("a step that fails twice, then succeeds: the Workflow retries it and the task completes", async () => {
    const date = "2026-11-09";
    const clock = clockAt(`${date}T06:00:00Z`);
    const sentiment = flakySentiment(2);
    const deps = await testDeps(clock, { sentiment });
    await using _fast = await withoutRetryDelays();
    const { status } = await runTasks(deps, ["lunarcrush_data"], date);
    expect(status.status).toBe("complete");
    expect(sentiment.calls).toBe(3);
    const task = (await generationStatus(deps, date)).lunarcrush_data;
    expect(task).toMatchObject({ status: "completed", error: null, nextRetryIn: null, completed_at: `${date}T06:00:00.000Z` });
    expect(task.progress?.stepDetails.map((s) => s.status)).toEqual(Array(6).fill("completed"));
    expect(await runOf("lunarcrush_data", date)).toMatchObject({ retry_count: 2 });
  });

  it("doubles the wait each time, gives up after the last retry, and fails the dependents", async () => {
    expect([1, 2, 3].map(taskRetryDelayMs)).toEqual([60_000, 120_000, 240_000]);
    const date = "2026-11-06";
    const clock = clockAt(`${date}T06:00:00Z`);
    const deps = await testDeps(clock, { sentiment: flakySentiment(99) });
    await using _fast = await withoutRetryDelays();
    const { status } = await runTasks(deps, ["lunarcrush_data", "trending_101_300"], date);
    expect(status.status).toBe("errored");
    expect(status.error?.message).toMatch(/2 of 2 tasks failed for 2026-11-06\. LunarCrush data: LunarCrush answered 503/);
    expect(await runOf("lunarcrush_data", date)).toMatchObject({ status: "failed", retry_count: MAX_RETRIES, next_retry_at: null });

    // Its dependent fails with category dependency, naming what to do.
    const view = await generationStatus(deps, date);
    expect(view.trending_101_300).toMatchObject({ status: "failed", blockedBy: ["lunarcrush_data"] });
    expect(view.trending_101_300.error).toMatchObject({
      category: "dependency",
      message: `LunarCrush data failed for ${date}; this task needs it`,
      suggestedAction: `Run 'LunarCrush data' for ${date} first, then retry`,
    });
    const { summary } = await dailySummary(deps, date);
    expect(summary).toMatchObject({ failedTasks: 2, completedTasks: 0, completionRate: 0 });
    expect(summary.criticalFailures).toEqual([
      "LunarCrush data failed: LunarCrush answered 503 for coins/list/v2",
      `Trending 101-300 failed: LunarCrush data failed for ${date}; this task needs it`,
    ]);

    // Retrying the prerequisite by hand re-runs the dependent too, in a new instance; both complete.
    deps.sentiment = createOfflineSentiment();
    const retry = await runTasks(deps, ["lunarcrush_data"], date, "retry");
    expect(retry).toMatchObject({ instanceId: expect.stringMatching(instanceIdPattern(date)), status: { status: "complete" } });
    expect(await runOf("trending_101_300", date)).toMatchObject({ status: "completed", instance_id: retry.instanceId });
    expect(await runOf("lunarcrush_data", date)).toMatchObject({ status: "completed", retry_count: 0, trigger: "retry" });
  });
});

describe("recovering stuck tasks", () => {
  it("fails a task whose instance ended mid-run and starts it again in a new instance", async () => {
    const date = "2026-11-07";
    const clock = clockAt(`${date}T06:00:00Z`);
    const deps = await testDeps(clock, { sentiment: flakySentiment(99) });
    shareWithWorkflow(deps);
    const { instanceId } = await restartTasks(deps, ["lunarcrush_data"], date, "manual");
    await until(
      () => runOf("lunarcrush_data", date),
      (row) => row?.status === "retrying",
    );
    // Someone terminates the instance (the dashboard, `wrangler workflows instances terminate`).
    await (await env.NEWSROOM.get(String(instanceId))).terminate();
    expect(await watchdogRecovery(deps)).toEqual({ recovered: 0 }); // a moment ago: perhaps still being created

    clock.advance(2 * 60_000);
    const view = (await generationStatus(deps, date)).lunarcrush_data;
    expect(view).toMatchObject({ status: "failed", error: { category: "timeout" } });
    expect(view.error?.message).toBe(`The run stopped before finishing: its Workflow instance ${instanceId} is terminated`);

    deps.sentiment = createOfflineSentiment();
    await using _fast = await withoutRetryDelays();
    expect(await watchdogRecovery(deps)).toEqual({ recovered: 1 });
    const row = await runOf("lunarcrush_data", date);
    expect(row).toMatchObject({ trigger: "recovery", instance_id: expect.stringMatching(instanceIdPattern(date)) });
    expect(row?.instance_id).not.toBe(instanceId);
    expect((await settle(String(row?.instance_id))).status).toBe("complete");
    expect(await runOf("lunarcrush_data", date)).toMatchObject({ status: "completed" });
    expect(await watchdogRecovery(deps)).toEqual({ recovered: 0 });
  });
});

describe("the grounding check in the pipeline", () => {
  it("holds an article with a wrong figure for review, out of public lists, and fails the task for a person, saying why", async () => {
    const date = "2026-11-08";
    const clock = clockAt(`${date}T06:00:00Z`);
    // The writer types Bitcoin's price instead of citing it, in the first draft and in the repair.
    const writer = tamperingWriter((draft) => ({ ...draft, body: draft.body.replace("{{bitcoin.price}}", "$71,250.00") }));
    const deps = await testDeps(clock, { writer });
    const { status } = await runTasks(deps, ["daily_roundup"], date);
    expect(status.status).toBe("errored");

    expect(await runOf("daily_roundup", date)).toMatchObject({ status: "failed", error_category: "validation", retry_count: 0 });
    const [article] = await articlesOf(date);
    expect(article).toMatchObject({ status: "review", published_at: null, category_id: 18 });
    expect(article?.review_reason).toBe(
      'Claim check failed:\nIn "Bitcoin dipped 1.18% to $71,250.00, leaving it down 1.60% on the week." (Bitcoin): "$71,250.00": a figure written outside a fact reference',
    );
    expect(writer.calls).toBe(2);
    expect(await publicArticles()).not.toContain(article?.slug);
    const view = await generationStatus(deps, date);
    expect(view.daily_roundup.articles).toEqual({ published: 0, review: 1 });
    expect(view.daily_roundup.error).toMatchObject({
      message:
        'The Daily Roundup was held for review: In "Bitcoin dipped 1.18% to $71,250.00, leaving it down 1.60% on the week." (Bitcoin): "$71,250.00": a figure written outside a fact reference',
      suggestedAction: "Review the held article under Articles (Held for review): publish it anyway, edit it, or regenerate it",
    });
    const { summary } = await dailySummary(deps, date);
    expect(summary.warnings[0]).toMatch(/^1 article held for review \(figures did not match the data\): /);

    // A re-run does not publish it behind the reviewer's back, nor write a second one.
    const again = await runTasks({ ...deps, writer: tamperingWriter((d) => d) }, ["daily_roundup"], date);
    expect(again.status.status).toBe("errored");
    expect((await runOf("daily_roundup", date))?.error_message).toBe(`The Daily Roundup of ${date} is held for review`);
    expect(await articlesOf(date)).toEqual([article]);
  });
});

describe("what the Workflows engine throws", () => {
  it("a step the engine timed out fails its task as a timeout, in the engine's words", async () => {
    const date = "2026-08-03";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    await using introspector = await introspectWorkflow(env.NEWSROOM);
    await introspector.modifyAll(async (m) => {
      await m.disableRetryDelays();
      await m.forceStepTimeout({ name: "lunarcrush_data 2: Fetch social metrics" });
    });
    const { status } = await runTasks(deps, ["lunarcrush_data"], date);
    expect(status.status).toBe("errored");
    expect(await runOf("lunarcrush_data", date)).toMatchObject({
      status: "failed",
      error_category: "timeout",
      error_message: "Execution timed out after 0ms",
      error_suggested_action: "Increase timeout limits or check system load",
    });
  });
});
