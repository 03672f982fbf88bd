import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "#schema/contracts/auth.ts";
import type { DailySummary, GenerationStatus, StartedRuns } from "#schema/contracts/newsroom.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { onError } from "#worker/lib/errors.ts";
import { checkAnswer } from "#worker/test/contract-check.ts";
import { ORIGIN } from "#worker/test/http.ts";
import { createAdminNewsroomRoutes } from "./newsroom.routes.ts";
import { clockAt, factoryOf, instanceIdPattern, runOf, settle, shareWithWorkflow, testDeps } from "./test-support.ts";

const TODAY = "2026-11-12";
const clock = clockAt(`${TODAY}T07:00:00Z`);
const deps = await testDeps(clock);
shareWithWorkflow(deps);

/** Waits for the instance that runs a task of today (the generate calls answer before it has run). */
async function settled(task: string, date = TODAY) {
  return settle(String((await runOf(task, date))?.instance_id));
}

// Mounted as worker/app.ts mounts it, with an admin already resolved: the guard is tested through the
// Worker in admin-guard.test.ts and the admin route matrix.
const ADMIN: AuthUser = { id: "admin-1", email: "admin@example.com", firstName: null, lastName: null, role: "admin", isActive: true };
const asAdmin = (routes: ReturnType<typeof createAdminNewsroomRoutes>) =>
  new Hono<AppEnv>()
    .use(requestId())
    .use(async (c, next) => {
      c.set("user", ADMIN);
      await next();
    })
    .route("/api", routes);
const app = asAdmin(createAdminNewsroomRoutes(factoryOf(deps)));
app.onError(onError);

async function send<T = unknown>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T; res: Response }> {
  const ctx = createExecutionContext();
  const res = await app.request(path, init, env, ctx);
  // Let the work a call started in the background finish, as the runtime would.
  await waitOnExecutionContext(ctx);
  await checkAnswer(init.method ?? "GET", new URL(path, ORIGIN).href, res);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
}

const post = <T = unknown>(path: string, json?: unknown) =>
  send<T>(path, {
    method: "POST",
    ...(json === undefined ? {} : { body: JSON.stringify(json), headers: { "content-type": "application/json" } }),
  });

describe("admin newsroom API", () => {
  it("reports every task as not started on a fresh day, privately", async () => {
    const { status, body, res } = await send<GenerationStatus>("/api/admin/generation-status");
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(body)).toEqual(["lunarcrush_data", "daily_roundup", "trending_top_100", "trending_101_300", "trending_301_500"]);
    expect(body.trending_top_100).toEqual({
      task: "trending_top_100",
      date: TODAY,
      status: "not_started",
      progress: null,
      error: null,
      nextRetryIn: null,
      completed_at: null,
      blockedBy: ["lunarcrush_data"],
      startedAt: null,
      articles: { published: 0, review: 0 },
    });
  });

  it("refuses a malformed date in the one error shape", async () => {
    for (const query of ["date=2026-02-30", "date=22-11-2026", "day=2026-11-12"]) {
      const { status, body } = await send<{ error: { code: string; message: string; requestId: string } }>(
        `/api/admin/generation-status?${query}`,
      );
      expect(status, query).toBe(400);
      expect(body.error.code).toBe("BAD_REQUEST");
      expect(body.error.requestId).toBeTruthy();
    }
  });

  it("has nothing to download before the data exists", async () => {
    const { status, body } = await send<{ error: { message: string } }>("/api/admin/download-lunarcrush-data/1-100");
    expect(status).toBe(404);
    expect(body.error.message).toBe("No LunarCrush data for ranks 1-100 yet. Run 'LunarCrush data' first.");
    expect((await send("/api/admin/download-lunarcrush-data/1-50")).status).toBe(400);
  });

  it("runs LunarCrush data, then Trending top 100, from the generate calls", async () => {
    const data = await post("/api/admin/generate-lunarcrush-data");
    expect(data.status).toBe(202);
    expect(data.body).toMatchObject({ success: true, runs: [{ task: "lunarcrush_data", date: TODAY, status: "not_started" }] });
    expect(await runOf("lunarcrush_data", TODAY)).toMatchObject({
      instance_id: expect.stringMatching(instanceIdPattern(TODAY)),
      trigger: "manual",
    });
    expect((await settled("lunarcrush_data")).status).toBe("complete");
    expect((await runOf("lunarcrush_data", TODAY))?.status).toBe("completed");

    const trending = await post<StartedRuns>("/api/admin/generate-trending-top-100");
    expect(trending.status).toBe(202);
    expect((trending.body as StartedRuns).message).toBe(`Started Trending top 100 for ${TODAY}.`);
    expect((await settled("trending_top_100")).status).toBe("complete");
    const { body } = await send<GenerationStatus>("/api/admin/generation-status");
    expect(body.trending_top_100).toMatchObject({ status: "completed", articles: { published: 3, review: 0 } });
    expect(body.trending_top_100.progress?.percentage).toBe(100);
  });

  it("downloads a rank range as a file named after the range and date", async () => {
    const { status, body, res } = await send<{ range: string; date: string; coins: { rank: number; galaxy_score: number }[] }>(
      "/api/admin/download-lunarcrush-data/101-300",
    );
    expect(status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="lunarcrush-rank-101-300-${TODAY}.json"`);
    expect(body).toMatchObject({ range: "101-300", date: TODAY });
    expect(body.coins).toHaveLength(200);
    expect(body.coins[0]).toMatchObject({ rank: 101, galaxy_score: expect.any(Number) });
  });

  it("queues the trending bands behind the data and says so", async () => {
    const next = clockAt(`${TODAY}T07:00:00Z`);
    next.advance(86_400_000);
    // The market table of the same moment: older than 30 minutes, it would fail any task that reads it.
    const local = await testDeps(next);
    shareWithWorkflow(local);
    const app2 = asAdmin(createAdminNewsroomRoutes(factoryOf(local)));
    const res = await app2.request("/api/admin/generate-trending-analysis", { method: "POST" }, env, createExecutionContext());
    const body = (await res.json()) as StartedRuns;
    expect(res.status).toBe(202);
    shareWithWorkflow(deps);
    expect(body.runs.map((r) => [r.task, r.status])).toEqual([
      ["trending_top_100", "not_started"],
      ["trending_101_300", "not_started"],
      ["trending_301_500", "not_started"],
    ]);
    expect(body.message).toMatch(/will start when LunarCrush data is completed\.$/);
  });

  it("answers every generate call of assistant-plans-admin.md §7", async () => {
    for (const [path, task] of [
      ["generate-daily-roundup", "daily_roundup"],
      ["generate-trending-101-300", "trending_101_300"],
      ["generate-trending-301-500", "trending_301_500"],
    ] as const) {
      expect((await post(`/api/admin/${path}`)).status, path).toBe(202);
      await settled(task);
    }
    const { body } = await send<DailySummary>("/api/admin/daily-summary");
    expect(body.summary).toMatchObject({ date: TODAY, completedTasks: 5, failedTasks: 0, completionRate: 100, criticalFailures: [] });
    expect(body.summary.averageCompletionTime).toBeGreaterThanOrEqual(0);
  });

  it("refuses a second start of a task an instance is working on, and a double click starts one instance", async () => {
    const clicks = await Promise.all([post("/api/admin/generate-daily-roundup"), post("/api/admin/generate-daily-roundup")]);
    expect(clicks.map((c) => c.status).sort()).toEqual([202, 409]);
    const refused = clicks.find((c) => c.status === 409)?.body as { error: { code: string; message: string } };
    expect(refused.error).toMatchObject({
      code: "CONFLICT",
      message: `Daily roundup is already running for ${TODAY}. Watch its progress in the generation status.`,
    });
    const { status, body } = await post<{ error: { code: string; message: string } }>("/api/admin/generate-daily-roundup");
    expect([status, body.error?.code]).toEqual([409, "CONFLICT"]);
    expect((await settled("daily_roundup")).status).toBe("complete");
  });
});

describe("retry-generation", () => {
  it("validates the body: a known task and a real YYYY-MM-DD date", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /generationType/],
      [{ generationType: "weekly_digest", date: TODAY }, /generationType/],
      [{ generationType: "daily_roundup", date: "12/11/2026" }, /Date must be in YYYY-MM-DD form/],
      [{ generationType: "daily_roundup", date: "2026-13-01" }, /not a real calendar day/],
      [{ generationType: "daily_roundup", date: TODAY, extra: 1 }, /Unrecognized key/],
      [{ generationType: "daily_roundup", date: "2026-11-13" }, /is in the future/],
      [{ generationType: "trending_top_100", date: "2026-10-01" }, /Only the last 7 days can be retried/],
      [{ generationType: "lunarcrush_data", date: "2026-11-11" }, /reads live data, so it can only run for today \(2026-11-12 UTC\)/],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await post<{ error: { code: string; message: string } }>("/api/admin/retry-generation", json);
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.error.message).toMatch(message);
    }
    const broken = await send("/api/admin/retry-generation", {
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
  });

  it("names the date field when the date is outside what a retry may reach, so the form shows it under the date", async () => {
    const cases: [unknown, string][] = [
      [{ generationType: "daily_roundup", date: "2026-11-13" }, "Date 2026-11-13 is in the future (today is 2026-11-12 UTC)"],
      [{ generationType: "trending_top_100", date: "2026-10-01" }, "Only the last 7 days can be retried (today is 2026-11-12 UTC)"],
      [
        { generationType: "lunarcrush_data", date: "2026-11-11" },
        "LunarCrush data reads live data, so it can only run for today (2026-11-12 UTC)",
      ],
    ];
    for (const [json, message] of cases) {
      // send() checks the answer against the contract's 400 (the one error body).
      const { status, body } = await post<{ error: { code: string; message: string; issues?: unknown } }>(
        "/api/admin/retry-generation",
        json,
      );
      expect(status, JSON.stringify(json)).toBe(400);
      expect(body.error).toMatchObject({ code: "BAD_REQUEST", message, issues: [{ path: "date", message }] });
    }
  });

  it("re-runs a task for the date and answers what it started", async () => {
    const { status, body } = await post<StartedRuns>("/api/admin/retry-generation", { generationType: "trending_top_100", date: TODAY });
    expect(status).toBe(202);
    expect(body).toEqual({
      success: true,
      message: `Retrying Trending top 100 for ${TODAY}.`,
      runs: [{ task: "trending_top_100", date: TODAY, status: "not_started" }],
    });
    expect((await settled("trending_top_100")).status).toBe("complete");
  });
});

describe("watchdog-recovery", () => {
  it("answers how many stuck tasks it recovered: rows left running by an instance that is gone", async () => {
    expect((await post("/api/admin/watchdog-recovery")).body).toEqual({ recovered: 0 });
    // A run of the engine before the Workflow, left in progress: no instance will ever finish it.
    const old = new Date(clock.now - 20 * 60_000).toISOString();
    await env.DB.prepare(
      "UPDATE generation_runs SET status = 'in_progress', instance_id = NULL, updated_at = ? WHERE task = 'trending_301_500' AND date = ?",
    )
      .bind(old, TODAY)
      .run();
    const { status, body } = await post("/api/admin/watchdog-recovery");
    expect(status).toBe(200);
    expect(body).toEqual({ recovered: 1 });
    expect(await runOf("trending_301_500", TODAY)).toMatchObject({ trigger: "recovery", status: "not_started" });
    expect((await settled("trending_301_500")).status).toBe("complete");
  });
});

describe("generation records", () => {
  it("lists each generated article of a day with its writer, figure table and sources, and the day's tokens", async () => {
    const date = "2026-11-12";
    await post("/api/admin/generate-daily-roundup");
    await settled("daily_roundup");
    const { status, body, res } = await send<{
      date: string;
      tokens: { used: number; budget: number };
      articles: {
        generationKey: string;
        status: string;
        generation: { writer: string; attempts: number };
        figures: { ok: boolean }[];
        readings: { sentence: string; frame: string; verdict: string; claims: unknown[] }[];
        sources: { role: string }[];
      }[];
    }>(`/api/admin/generation-records?date=${date}`);
    expect(status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(body.tokens).toEqual({ used: 0, budget: 300_000 });
    const roundup = body.articles.find((a) => a.generationKey === `${date}:daily_roundup`);
    expect(roundup).toMatchObject({ status: "published", generation: { writer: "offline", attempts: 1 } });
    expect(roundup?.figures.length).toBeGreaterThan(10);
    expect(roundup?.figures.every((f) => f.ok)).toBe(true);
    // Every sentence's reading is stored with the article and returned: each one read, none held, no raw ids.
    expect(roundup?.readings.length).toBeGreaterThan(10);
    expect(roundup?.readings.every((r) => r.verdict === "ok" && r.frame !== "none")).toBe(true);
    expect(JSON.stringify(roundup?.readings)).not.toMatch(/\{\{/);
    expect(roundup?.sources.map((s) => s.role)).toEqual(["market", "social", "writer"]);
    expect((await send("/api/admin/generation-records?date=nope")).status).toBe(400);
  });
});
