import type { Context, MiddlewareHandler } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";

/** The contract entries of the generate calls, one per task. */
type GenerateOperation =
  | "generateDailyRoundup"
  | "generateTrendingAnalysis"
  | "generateLunarcrushData"
  | "generateTrendingTop100"
  | "generateTrending101To300"
  | "generateTrending301To500";

import type { AppEnv } from "#worker/lib/app-env.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { generationRecords } from "./articles.ts";
import { type DepsFactory, defaultDeps, utcDate } from "./deps.ts";
import { generate, lunarcrushDownload, retryGeneration, watchdogRecovery } from "./newsroom.service.ts";
import { dailySummary, generationStatus } from "./status.ts";
import { dailyBudget, tokensUsed } from "./token-budget.ts";

/** The generate call an entry's path ends with ("generate-daily-roundup"): named once, in the contract. */
type LastSegment<P extends string> = P extends `${string}/${infer Rest}` ? LastSegment<Rest> : P;

/** Admin answers are per-moment and private. */
const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header("cache-control", "no-store");
};

/**
 * The admin calls of the newsroom (assistant-plans-admin.md §7). No access control of its own: it is mounted under
 * /api/admin behind the admin middleware, which refuses guests (401) and non-admins (403).
 */
export function createAdminNewsroomRoutes(makeDeps: DepsFactory = defaultDeps) {
  const deps = (c: Context<AppEnv>) => makeDeps(c.env, (p) => c.executionCtx.waitUntil(p));
  const run = (id: GenerateOperation) => {
    const { path } = apiContract[id];
    const call = path.slice(path.lastIndexOf("/") + 1) as LastSegment<typeof path>;
    return route(apiContract[id], async (c) => c.json(await generate(deps(c), call), 202));
  };

  const routes = [
    run("generateDailyRoundup"),
    run("generateTrendingAnalysis"),
    run("generateLunarcrushData"),
    run("generateTrendingTop100"),
    run("generateTrending101To300"),
    run("generateTrending301To500"),
    route(apiContract.getGenerationStatus, async (c) => {
      const d = deps(c);
      return c.json(await generationStatus(d, c.req.valid("query").date ?? utcDate(d.now())), 200);
    }),
    route(apiContract.getDailySummary, async (c) => {
      const d = deps(c);
      return c.json(await dailySummary(d, c.req.valid("query").date ?? utcDate(d.now())), 200);
    }),
    // How each generated article of a day was written (model, tokens, prompt hash, raw answer) and checked (figure table).
    route(apiContract.getGenerationRecords, async (c) => {
      const d = deps(c);
      const date = c.req.valid("query").date ?? utcDate(d.now());
      const [articles, used] = await Promise.all([generationRecords(d.db, date), tokensUsed(d, date)]);
      return c.json({ date, tokens: { used, budget: dailyBudget(d.env) }, articles }, 200);
    }),
    route(apiContract.retryGeneration, async (c) => c.json(await retryGeneration(deps(c), c.req.valid("json")), 202)),
    route(apiContract.watchdogRecovery, async (c) => c.json(await watchdogRecovery(deps(c)), 200)),
    route(apiContract.downloadLunarcrushData, async (c) => {
      const file = await lunarcrushDownload(deps(c), c.req.valid("param").range, c.req.valid("query").date);
      c.header("content-disposition", `attachment; filename="${file.fileName}"`);
      return c.json(file.body, 200);
    }),
  ];
  return contractRoutes(...routes.map((handler) => [noStore, handler] as const));
}

export const adminNewsroomRoutes = createAdminNewsroomRoutes();
