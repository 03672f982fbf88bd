import { createScheduledController, env, introspectWorkflow } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CRONS, scheduled } from "#worker/cron/scheduled.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { onError } from "#worker/lib/errors.ts";
import { call } from "#worker/test/http.ts";
import { setWorkflowDeps } from "./deps.ts";
import { createDevRoutes } from "./dev.routes.ts";
import type { DayReport } from "./newsroom.service.ts";
import { startDay } from "./pipeline.ts";
import { articlesOf, clockAt, factoryOf, instanceIdPattern, runOf, settle, shareWithWorkflow, testDeps } from "./test-support.ts";

function fire(cron: string, at: number, deps: Parameters<typeof factoryOf>[0]) {
  shareWithWorkflow(deps);
  return scheduled(createScheduledController({ cron, scheduledTime: at }), env, factoryOf(deps));
}

async function runCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM generation_runs").first<{ n: number }>())?.n ?? 0;
}

describe("cron dispatch", () => {
  it("06:00 UTC starts the day's Workflow instance, which works through the five tasks", async () => {
    const date = "2026-11-14";
    const at = Date.parse(`${date}T06:00:00Z`);
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    await fire(CRONS.dailyPipeline, at, deps);
    const id = String((await runOf("lunarcrush_data", date))?.instance_id);
    expect(id).toMatch(instanceIdPattern(date));
    expect((await settle(id)).status).toBe("complete");
    for (const task of ["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"]) {
      expect(await runOf(task, date), task).toMatchObject({ status: "completed", trigger: "schedule", instance_id: id });
    }
    expect(await articlesOf(date)).toHaveLength(10);
  });

  it("two triggers for one day (the cron, npm start, the cron again) start one instance", async () => {
    const date = "2026-11-15";
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    await using introspector = await introspectWorkflow(env.NEWSROOM);
    await Promise.all([
      fire(CRONS.dailyPipeline, Date.parse(`${date}T06:00:00Z`), deps),
      startDay(deps, date, "dev"),
      fire(CRONS.dailyPipeline, Date.parse(`${date}T06:00:00Z`), deps),
    ]);
    const instances = await introspector.get();
    expect(instances).toHaveLength(1);
    await instances[0]?.waitForStatus("complete");
    const { results } = await env.DB.prepare("SELECT instance_id FROM generation_runs WHERE date = ?").bind(date).all();
    expect(results).toHaveLength(5);
    expect(new Set(results.map((r) => r.instance_id)).size).toBe(1);
    expect(String(results[0]?.instance_id)).toMatch(instanceIdPattern(date));
    expect(await articlesOf(date)).toHaveLength(10);
  });

  it("every minute only re-arms the price feed: the newsroom has no tick", async () => {
    const date = "2026-11-16";
    const deps = await testDeps(clockAt(`${date}T06:01:00Z`));
    const runs = await runCount();
    await fire(CRONS.everyMinute, deps.now(), deps);
    expect(await runCount()).toBe(runs);
    expect(await runOf("lunarcrush_data", date)).toBeNull();
  });

  it("the nightly job drops snapshot days past the retention window", async () => {
    const deps = await testDeps(clockAt("2026-11-14T06:00:00Z"));
    const days = async () =>
      (await env.DB.prepare("SELECT DISTINCT date FROM sentiment_snapshots ORDER BY date").all<{ date: string }>()).results.map(
        (r) => r.date,
      );
    await env.DB.prepare(
      "INSERT INTO sentiment_snapshots SELECT '2026-07-01', coin_id, rank, symbol, name, price, change_24h, change_7d, market_cap, volume_24h, galaxy_score, galaxy_score_previous, alt_rank, alt_rank_previous, sentiment, social_volume_24h, interactions_24h, social_dominance, market_dominance, categories, source, market_as_of, fetched_at FROM sentiment_snapshots WHERE date = '2026-11-14'",
    ).run();
    expect(await days()).toContain("2026-07-01");
    await fire(CRONS.nightly, Date.parse("2026-11-16T03:00:00Z"), deps);
    expect(await days()).not.toContain("2026-07-01");
    expect(await days()).toContain("2026-11-14");
  });

  it("the nightly roll-up and unknown schedules leave the newsroom's runs alone", async () => {
    const deps = await testDeps(clockAt("2026-11-16T03:00:00Z"));
    const runs = await runCount();
    await fire(CRONS.nightly, Date.parse("2026-11-16T03:00:00Z"), deps);
    await fire("*/5 * * * *", Date.parse("2026-11-16T03:05:00Z"), deps);
    expect(await runCount()).toBe(runs);
    expect(await runOf("lunarcrush_data", "2026-11-16")).toBeNull();
  });
});

describe("the local first-run helper", () => {
  it("runs today's pipeline to the end through the Worker, once", async () => {
    // The Worker's own ports and clock, as `npm start` runs it.
    setWorkflowDeps(null);
    const res = await call("/api/dev/newsroom/run-today", { method: "POST" });
    expect(res.status).toBe(200);
    const report = (await res.json()) as DayReport;
    expect(report).toMatchObject({ done: true, articles: { published: 10, review: 0 } });
    expect(Object.values(report.tasks)).toEqual(Array(5).fill("completed"));
    const again = (await (await call("/api/dev/newsroom/run-today", { method: "POST" })).json()) as DayReport;
    expect(again.articles).toEqual(report.articles);
  });

  it("does not exist in production", async () => {
    const app = new Hono<AppEnv>().route("/api", createDevRoutes());
    app.onError(onError);
    const res = await app.request("/api/dev/newsroom/run-today", { method: "POST" }, { ...env, APP_ENV: "production" });
    expect(res.status).toBe(404);
    expect(await runOf("lunarcrush_data", "2099-01-01")).toBeNull();
  });
});
