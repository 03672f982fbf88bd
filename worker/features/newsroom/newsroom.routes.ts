import { type Context, Hono } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { GenerateCall } from "#schema/contracts/newsroom.ts";

/** The contract entries of the generate calls, one per task. */
type GenerateOperation =
  | "generateDailyRoundup"
  | "generateTrendingAnalysis"
  | "generateLunarcrushData"
  | "generateTrendingTop100"
  | "generateTrending101To300"
  | "generateTrending301To500";

import type { AppEnv } from "#worker/lib/app-env.ts";
import { route } from "#worker/lib/route.ts";
import { generationRecords } from "./articles.ts";
import { type DepsFactory, defaultDeps, utcDate } from "./deps.ts";
import { generate, lunarcrushDownload, retryGeneration, watchdogRecovery } from "./newsroom.service.ts";
import { dailySummary, generationStatus } from "./status.ts";
import { dailyBudget, tokensUsed } from "./token-budget.ts";

/**
 * The admin calls of the newsroom (assistant-plans-admin.md §7). No access control of its own: it is mounted under
 * /api/admin behind the admin middleware, which refuses guests (401) and non-admins (403).
 */
export function createAdminNewsroomRoutes(makeDeps: DepsFactory = defaultDeps) {
  const deps = (c: Context<AppEnv>) => makeDeps(c.env, (p) => c.executionCtx.waitUntil(p));
  const run = (id: GenerateOperation, call: GenerateCall) =>
    route(apiContract[id], async (c) => c.json(await generate(deps(c), call), 202));

  return (
    new Hono<AppEnv>()
      // Admin answers are per-moment and private.
      .use(async (c, next) => {
        await next();
        c.header("cache-control", "no-store");
      })
      .post("/generate-daily-roundup", run("generateDailyRoundup", "generate-daily-roundup"))
      .post("/generate-trending-analysis", run("generateTrendingAnalysis", "generate-trending-analysis"))
      .post("/generate-lunarcrush-data", run("generateLunarcrushData", "generate-lunarcrush-data"))
      .post("/generate-trending-top-100", run("generateTrendingTop100", "generate-trending-top-100"))
      .post("/generate-trending-101-300", run("generateTrending101To300", "generate-trending-101-300"))
      .post("/generate-trending-301-500", run("generateTrending301To500", "generate-trending-301-500"))
      .get(
        "/generation-status",
        route(apiContract.getGenerationStatus, async (c) => {
          const d = deps(c);
          return c.json(await generationStatus(d, c.req.valid("query").date ?? utcDate(d.now())), 200);
        }),
      )
      .get(
        "/daily-summary",
        route(apiContract.getDailySummary, async (c) => {
          const d = deps(c);
          return c.json(await dailySummary(d, c.req.valid("query").date ?? utcDate(d.now())), 200);
        }),
      )
      // How each generated article of a day was written (model, tokens, prompt hash, raw answer) and checked (figure table).
      .get(
        "/generation-records",
        route(apiContract.getGenerationRecords, async (c) => {
          const d = deps(c);
          const date = c.req.valid("query").date ?? utcDate(d.now());
          const [articles, used] = await Promise.all([generationRecords(d.db, date), tokensUsed(d, date)]);
          return c.json({ date, tokens: { used, budget: dailyBudget(d.env) }, articles }, 200);
        }),
      )
      .post(
        "/retry-generation",
        route(apiContract.retryGeneration, async (c) => c.json(await retryGeneration(deps(c), c.req.valid("json")), 202)),
      )
      .post(
        "/watchdog-recovery",
        route(apiContract.watchdogRecovery, async (c) => c.json(await watchdogRecovery(deps(c)), 200)),
      )
      .get(
        "/download-lunarcrush-data/:range",
        route(apiContract.downloadLunarcrushData, async (c) => {
          const file = await lunarcrushDownload(deps(c), c.req.valid("param").range, c.req.valid("query").date);
          c.header("content-disposition", `attachment; filename="${file.fileName}"`);
          return c.json(file.body, 200);
        }),
      )
  );
}

export const adminNewsroomRoutes = createAdminNewsroomRoutes();
