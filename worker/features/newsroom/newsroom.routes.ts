import { type Context, Hono } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { GenerateCall } from "#schema/contracts/newsroom.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { validate } from "#worker/lib/validate.ts";
import { generationRecords } from "./articles.ts";
import { type DepsFactory, defaultDeps, utcDate } from "./deps.ts";
import { generate, lunarcrushDownload, retryGeneration, watchdogRecovery } from "./newsroom.service.ts";
import { dailySummary, generationStatus } from "./status.ts";
import { dailyBudget, tokensUsed } from "./token-budget.ts";

// The status, summary and records calls take the same query (the contract declares it on each).
const statusQuery = apiContract.getGenerationStatus.request.query;
const { params: downloadParam, query: downloadQuery } = apiContract.downloadLunarcrushData.request;

/**
 * The admin calls of the newsroom (assistant-plans-admin.md §7). No access control of its own: it is mounted under
 * /api/admin behind the admin middleware, which refuses guests (401) and non-admins (403).
 */
export function createAdminNewsroomRoutes(makeDeps: DepsFactory = defaultDeps) {
  const deps = (c: Context<AppEnv>) => makeDeps(c.env, (p) => c.executionCtx.waitUntil(p));
  const run = (call: GenerateCall) => async (c: Context<AppEnv>) => c.json(await generate(deps(c), call), 202);

  return (
    new Hono<AppEnv>()
      // Admin answers are per-moment and private.
      .use(async (c, next) => {
        await next();
        c.header("cache-control", "no-store");
      })
      .post("/generate-daily-roundup", run("generate-daily-roundup"))
      .post("/generate-trending-analysis", run("generate-trending-analysis"))
      .post("/generate-lunarcrush-data", run("generate-lunarcrush-data"))
      .post("/generate-trending-top-100", run("generate-trending-top-100"))
      .post("/generate-trending-101-300", run("generate-trending-101-300"))
      .post("/generate-trending-301-500", run("generate-trending-301-500"))
      .get("/generation-status", validate("query", statusQuery), async (c) => {
        const d = deps(c);
        return c.json(await generationStatus(d, c.req.valid("query").date ?? utcDate(d.now())), 200);
      })
      .get("/daily-summary", validate("query", statusQuery), async (c) => {
        const d = deps(c);
        return c.json(await dailySummary(d, c.req.valid("query").date ?? utcDate(d.now())), 200);
      })
      // How each generated article of a day was written (model, tokens, prompt hash, raw answer) and checked (figure table).
      .get("/generation-records", validate("query", statusQuery), async (c) => {
        const d = deps(c);
        const date = c.req.valid("query").date ?? utcDate(d.now());
        const [articles, used] = await Promise.all([generationRecords(d.db, date), tokensUsed(d, date)]);
        return c.json({ date, tokens: { used, budget: dailyBudget(d.env) }, articles }, 200);
      })
      .post("/retry-generation", validate("json", apiContract.retryGeneration.request.body), async (c) =>
        c.json(await retryGeneration(deps(c), c.req.valid("json")), 202),
      )
      .post("/watchdog-recovery", async (c) => c.json(await watchdogRecovery(deps(c)), 200))
      .get("/download-lunarcrush-data/:range", validate("param", downloadParam), validate("query", downloadQuery), async (c) => {
        const file = await lunarcrushDownload(deps(c), c.req.valid("param").range, c.req.valid("query").date);
        c.header("content-disposition", `attachment; filename="${file.fileName}"`);
        return c.json(file.body, 200);
      })
  );
}

export const adminNewsroomRoutes = createAdminNewsroomRoutes();
