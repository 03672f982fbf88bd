import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { backoffMs, budgetOf, MAX_RETRIES, RETRY_BASE_MS, STUCK_AFTER_MS, tick, watchdog } from "./engine.ts";
import { restartTasks } from "./pipeline.ts";
import { dailySummary, generationStatus } from "./status.ts";
import { articlesOf, clockAt, flakySentiment, publicArticles, runOf, tamperingWriter, testDeps } from "./testing.ts";

const budget = () => budgetOf(30_000);

describe("retries", () => {
  it("retries an upstream failure with exponential backoff, resuming at the failed step, then succeeds", async () => {
    const date = "2026-11-05";
    const clock = clockAt(`${date}T06:00:00Z`);
    const sentiment = flakySentiment(1);
    const deps = await testDeps(clock, { sentiment });
    await restartTasks(deps, ["lunarcrush_data"], date, "manual");
    await tick(deps, budget());

    let status = (await generationStatus(deps, date)).lunarcrush_data;
    expect(status).toMatchObject({ status: "retrying", nextRetryIn: RETRY_BASE_MS / 1000 });
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

    // Not before its time.
    clock.advance(30_000);
    await tick(deps, budget());
    expect((await runOf("lunarcrush_data", date))?.status).toBe("retrying");
    expect(sentiment.calls).toBe(1);
    expect((await generationStatus(deps, date)).lunarcrush_data.nextRetryIn).toBe(30);

    clock.advance(31_000);
    await tick(deps, budget());
    status = (await generationStatus(deps, date)).lunarcrush_data;
    expect(status).toMatchObject({ status: "completed", error: null, nextRetryIn: null });
    expect(sentiment.calls).toBe(2);
    expect(status.completed_at).toBe(new Date(clock.now).toISOString());
    expect(status.progress?.elapsedTime).toBe(61);
  });

  it("doubles the wait each time and gives up after the last retry", async () => {
    expect([1, 2, 3].map(backoffMs)).toEqual([60_000, 120_000, 240_000]);
    const date = "2026-11-06";
    const clock = clockAt(`${date}T06:00:00Z`);
    const deps = await testDeps(clock, { sentiment: flakySentiment(99) });
    await restartTasks(deps, ["lunarcrush_data", "trending_101_300"], date, "manual");
    for (let attempt = 1; attempt <= MAX_RETRIES; attempt++) {
      await tick(deps, budget());
      const run = await runOf("lunarcrush_data", date);
      expect(run).toMatchObject({ status: "retrying", retry_count: attempt });
      expect(Date.parse(String(run?.next_retry_at)) - clock.now).toBe(backoffMs(attempt));
      clock.advance(backoffMs(attempt));
    }
    await tick(deps, budget());
    expect(await runOf("lunarcrush_data", date)).toMatchObject({ status: "failed", retry_count: MAX_RETRIES, next_retry_at: null });

    // Its dependent fails with category dependency, naming what to do.
    const status = await generationStatus(deps, date);
    expect(status.trending_101_300).toMatchObject({ status: "failed", blockedBy: ["lunarcrush_data"] });
    expect(status.trending_101_300.error).toMatchObject({
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

    // Retrying the prerequisite by hand re-queues the dependent; both complete.
    deps.sentiment = createOfflineSentiment();
    await restartTasks(deps, ["lunarcrush_data"], date, "retry");
    expect((await runOf("trending_101_300", date))?.status).toBe("not_started");
    await tick(deps, budget());
    expect((await runOf("trending_101_300", date))?.status).toBe("completed");
    expect((await runOf("lunarcrush_data", date))?.retry_count).toBe(0);
  });
});

describe("the watchdog", () => {
  it("resets a run stuck in progress, which then retries and completes", async () => {
    const date = "2026-11-07";
    const clock = clockAt(`${date}T06:00:00Z`);
    const deps = await testDeps(clock);
    await restartTasks(deps, ["daily_roundup", "lunarcrush_data"], date, "manual");
    // An invocation died mid-step: the run says in progress, its lease has lapsed, nothing moves.
    const stuckSince = new Date(clock.now - STUCK_AFTER_MS - 60_000).toISOString();
    await env.DB.prepare(
      "UPDATE generation_runs SET heartbeat_at = ?, lease_until = ?, current_step = 'Write and check the roundup', completed_steps = 2, total_steps = 3 WHERE task = 'daily_roundup' AND date = ?",
    )
      .bind(stuckSince, stuckSince, date)
      .run();

    expect(await watchdog(deps)).toBe(1);
    const status = await generationStatus(deps, date);
    expect(status.daily_roundup).toMatchObject({ status: "retrying", nextRetryIn: 60 });
    expect(status.daily_roundup.error).toMatchObject({ category: "timeout", retryCount: 1 });
    expect(status.daily_roundup.error?.message).toBe(
      'No progress for 11 minutes in step "Write and check the roundup"; reset by the watchdog',
    );
    // A healthy run is left alone.
    expect(status.lunarcrush_data.status).toBe("in_progress");
    expect(await watchdog(deps)).toBe(0);

    clock.advance(60_000);
    await tick(deps, budget());
    expect((await runOf("daily_roundup", date))?.status).toBe("completed");
    expect(await articlesOf(date)).toHaveLength(1);
  });
});

describe("the grounding check in the pipeline", () => {
  it("holds an article with a wrong figure for review, out of public lists, and says why", async () => {
    const date = "2026-11-08";
    const clock = clockAt(`${date}T06:00:00Z`);
    // The writer types Bitcoin's price instead of citing it, in the first draft and in the repair.
    const writer = tamperingWriter((draft) => ({ ...draft, body: draft.body.replace("{{bitcoin.price}}", "$71,250.00") }));
    const deps = await testDeps(clock, { writer });
    await restartTasks(deps, ["daily_roundup"], date, "manual");
    await tick(deps, budget());

    expect((await runOf("daily_roundup", date))?.status).toBe("completed");
    const [article] = await articlesOf(date);
    expect(article).toMatchObject({ status: "review", published_at: null, category_id: 18 });
    expect(article?.review_reason).toBe('Claim check failed:\n"$71,250.00": a figure written outside a fact reference');
    expect(writer.calls).toBe(2);
    expect(await publicArticles()).not.toContain(article?.slug);
    expect((await generationStatus(deps, date)).daily_roundup.articles).toEqual({ published: 0, review: 1 });
    const { summary } = await dailySummary(deps, date);
    expect(summary.warnings[0]).toMatch(/^1 article held for review \(figures did not match the data\): /);

    // A re-run does not publish it behind the reviewer's back, nor write a second one.
    await restartTasks({ ...deps, writer: tamperingWriter((d) => d) }, ["daily_roundup"], date, "manual");
    await tick(deps, budget());
    expect(await articlesOf(date)).toEqual([article]);
  });
});
