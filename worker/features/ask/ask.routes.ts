import type { Context } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import { type AskRequest, type AskResponse, formatAskEvent } from "#schema/contracts/ask.ts";
import { currentSnapshot } from "#worker/features/cryptos/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser, resolveUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { clientAddress } from "#worker/lib/rate-limit.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";
import { createPlanProposer } from "#worker/ports/llm/create-plan-proposer.ts";
import { type Answering, failedBody, streamAnswer, wantsStream, writeAnswer } from "./answer-flow.ts";
import { type AskDepsFactory, defaultAskDeps, type Prepared, prepare } from "./ask.service.ts";
import { writeCachedAnswer } from "./cache.ts";
import { deleteHistoryRoute, freeAnswerRoute, historyRoute } from "./free.routes.ts";
import { admit, type Grant, isRefusal } from "./gate.ts";
import { refusalBody, STATUS } from "./http.ts";
import { planWithModel } from "./plan/model-plan.ts";
import { keepAnswer, storedAnswers } from "./stored-answers.ts";

type Ctx = Context<AppEnv>;

/** The member's kept answers: reading them again costs nothing. */
const storedAnswersRoute = route(apiContract.listStoredAnswers, async (c) =>
  c.json({ answers: await storedAnswers(getDb(c.env.DB), currentUser(c).id, c.req.valid("query").symbol, Date.now()) }, 200),
);

/**
 * A free-text question as a plan, or a refusal: free, and read from the isolate's price snapshot (its
 * coin index is built once per tick). Live, a model proposes the plan and the server checks it
 * (docs/decisions/ask/free-text-plans.md, live-plans.md).
 */
const planRoute = route(apiContract.planAskQuestion, async (c) => {
  const { question, previous } = c.req.valid("json");
  const snapshot = await currentSnapshot(runtimeDeps(c));
  c.header("cache-control", "private, no-store");
  const log = logger("ask", c.get("requestId"));
  const context = { coins: snapshot.coins, previous: previous ?? null };
  const { plan } = await planWithModel(question, context, createPlanProposer(c.env), (reason) =>
    log.warn("model plan dropped", { reason }),
  );
  return c.json(plan, 200);
});

/**
 * POST /api/ask-coinsight (assistant-plans-admin.md §7). JSON by default; with `Accept:
 * text/event-stream` the same answer streams as `delta` events (each line checked and its figures
 * written in before it is sent; `reset` when an attempt is thrown away) and ends with `done` (the
 * JSON answer) or `error`. The label and footer (`closing`) are the server's, after the check.
 */
export function createAskRoutes(makeDeps: AskDepsFactory = defaultAskDeps) {
  return contractRoutes(
    storedAnswersRoute,
    planRoute,
    freeAnswerRoute(makeDeps),
    historyRoute,
    deleteHistoryRoute,
    route(apiContract.askCoinsight, async (c) => {
      const deps = makeDeps(c.env);
      const req = c.req.valid("json");
      const now = deps.now();
      c.header("cache-control", "private, no-store");
      const user = await resolveUser(c);
      const snapshot = await currentSnapshot(runtimeDeps(c));
      const coin = snapshot.coins.find((x) => x.symbol === req.coinSymbol.toUpperCase());
      if (!coin) throw new ApiError("NOT_FOUND", `The cryptocurrency "${req.coinSymbol}" could not be found.`);

      const gate = await admit(c.env, user, req.questionType, clientAddress(c.req.raw.headers), now);
      if (isRefusal(gate)) return c.json(refusalBody(c, gate.code, gate.message, gate.subscription), STATUS[gate.code]);

      let prepared: Prepared;
      try {
        prepared = await prepare(req.questionType, { db: getDb(c.env.DB), d1: c.env.DB, snapshot, coin, now }, deps.answerer, c.env.KV);
      } catch (err) {
        await gate.refund();
        throw err;
      }
      if (prepared.unanswerable) {
        // Too little data to answer: nothing is counted, whatever the question type.
        const subscription = await gate.refund();
        return c.json(refusalBody(c, "NOT_FOUND", prepared.unanswerable, subscription ?? gate.subscription), 404);
      }
      const { key, cached } = prepared;
      const keep = user
        ? (text: string) =>
            keepAnswer(
              getDb(c.env.DB),
              { userId: user.id, symbol: coin.symbol, questionType: req.questionType, response: text, asOf: prepared.asOf },
              now,
            )
        : undefined;
      const ctx: AnswerCtx = { c, req, gate, asOf: prepared.asOf, keep };

      const answering: Answering<AskResponse, never> = {
        c,
        gate,
        answerer: deps.answerer,
        cached: cached?.text ?? null,
        built: cached ? null : prepared.brief,
        finish: (text, fromCache) => success(ctx, text, fromCache),
        store: (text) => writeCachedAnswer(c.env.KV, key, { text, asOf: ctx.asOf }),
        format: formatAskEvent,
      };
      if (wantsStream(c)) return streamAnswer(answering);
      const text = await writeAnswer(answering);
      if (text === null) return c.json(await failedBody(answering), 503);
      return c.json(await success(ctx, text, cached !== null), 200);
    }),
  );
}

type AnswerCtx = { c: Ctx; req: AskRequest; gate: Grant; asOf: string; keep: ((text: string) => Promise<void>) | undefined };

/**
 * Keeps the unit (the answer is shown), keeps the answer for the member to read again for 24 hours,
 * and builds the assistant-plans-admin.md §3 answer. A cached answer uses a query like a fresh one.
 */
async function success({ c, req, gate, asOf, keep }: AnswerCtx, text: string, cached: boolean): Promise<AskResponse> {
  const subscription = await gate.commit();
  if (keep) c.executionCtx.waitUntil(keep(text).catch((err) => logger("ask", c.get("requestId")).error("answer not kept", { error: err })));
  return { success: true, response: text, cached, rateLimit: gate.rateLimit, subscription, questionType: req.questionType, asOf };
}

export const askRoutes = createAskRoutes();
