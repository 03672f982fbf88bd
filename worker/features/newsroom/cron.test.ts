import { createScheduledController, env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CRONS, scheduled } from "#worker/cron/scheduled.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { onError } from "#worker/lib/errors.ts";
import { call } from "#worker/test/http.ts";
import { createDevRoutes } from "./dev.routes.ts";
import type { DayReport } from "./newsroom.service.ts";
import { articlesOf, clockAt, factoryOf, flakySentiment, runOf, testDeps } from "./testing.ts";

function fire(cron: string, at: number, deps: Parameters<typeof factoryOf>[0]) {
  return scheduled(createScheduledController({ cron, scheduledTime: at }), env, factoryOf(deps));
}

async function runCount(): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM generation_runs").first<{ n: number }>())?.n ?? 0;
}

describe("cron dispatch", () => {
  it("06:00 UTC starts the day's five tasks and works through them", async () => {
    const date = "2026-11-14";
    const at = Date.parse(`${date}T06:00:00Z`);
    const deps = await testDeps(clockAt(`${date}T06:00:00Z`));
    await fire(CRONS.dailyPipeline, at, deps);
    for (const task of ["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"]) {
      expect(await runOf(task, date), task).toMatchObject({ status: "completed", trigger: "schedule" });
    }
    expect(await articlesOf(date)).toHaveLength(10);
  });

  it("every minute runs due retries and the watchdog, and starts nothing new", async () => {
    const date = "2026-11-15";
    const clock = clockAt(`${date}T06:00:00Z`);
    const deps = await testDeps(clock, { sentiment: flakySentiment(1) });
    await fire(CRONS.dailyPipeline, clock.now, deps);
    expect((await runOf("lunarcrush_data", date))?.status).toBe("retrying");
    expect((await runOf("trending_top_100", date))?.status).toBe("not_started");
    const runs = await runCount();

    clock.advance(61_000);
    await fire(CRONS.everyMinute, clock.now, deps);
    expect((await runOf("lunarcrush_data", date))?.status).toBe("completed");
    expect((await runOf("trending_301_500", date))?.status).toBe("completed");
    expect(await runCount()).toBe(runs);

    const old = new Date(clock.now - 15 * 60_000).toISOString();
    await env.DB.prepare(
      "UPDATE generation_runs SET status = 'in_progress', heartbeat_at = ?, lease_until = ? WHERE task = 'daily_roundup' AND date = ?",
    )
      .bind(old, old, date)
      .run();
    await fire(CRONS.everyMinute, clock.now, deps);
    expect(await runOf("daily_roundup", date)).toMatchObject({ status: "retrying", error_category: "timeout" });
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
    const res = await call("/api/dev/newsroom/run-today", { method: "POST" });
    expect(res.status).toBe(200);
    const report = (await res.json()) as DayReport;
    expect(report).toMatchObject({ done: true, articles: { published: 10, review: 0 } });
    expect(Object.values(report.tasks)).toEqual(Array(5).fill("completed"));
    const again = (await (await call("/api/dev/newsroom/run-today", { method: "POST" })).json()) as DayReport;
    expect(again.articles).toEqual(report.articles);
  });

  it("does not exist in production", async () => {
    const app = new Hono<AppEnv>().route("/api/dev", createDevRoutes());
    app.onError(onError);
    const res = await app.request("/api/dev/newsroom/run-today", { method: "POST" }, { ...env, APP_ENV: "production" });
    expect(res.status).toBe(404);
    expect(await runOf("lunarcrush_data", "2099-01-01")).toBeNull();
  });
});
