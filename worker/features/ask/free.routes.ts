import type { Context } from "hono";
import { apiContract } from "#schema/contracts/api/index.ts";
import { type AnswerTable, type AskFreeResponse, type AskPlan, formatAskFreeEvent } from "#schema/contracts/ask-free-types.ts";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { currentSnapshot } from "#worker/features/cryptos/index.ts";
import { listWatchlist } from "#worker/features/watchlist/index.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { currentUser, resolveUser } from "#worker/lib/auth.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { logger } from "#worker/lib/log.ts";
import { clientAddress } from "#worker/lib/rate-limit.ts";
import { route } from "#worker/lib/route.ts";
import { type Answering, failedBody, streamAnswer, wantsStream, writeAnswer } from "./answer-flow.ts";
import type { AskDepsFactory } from "./ask.service.ts";
import { NOT_COUNTED } from "./briefs.ts";
import { writeCachedAnswer } from "./cache.ts";
import { costOf, needsWatchlist, prepareFree, resolvePlan } from "./free.service.ts";
import { deleteQuestion, keepQuestion, listQuestions } from "./free-history.ts";
import { admit, type Grant, isRefusal } from "./gate.ts";
import { refusalBody, STATUS } from "./http.ts";

type Ctx = Context<AppEnv>;

/** Said to a guest who asks about "my watchlist": nothing is counted. */
export const WATCHLIST_SIGN_IN = `Sign in to ask about your watchlist. ${NOT_COUNTED}`;

/**
 * POST /api/ask-coinsight/answer: a plan the member saw (perhaps corrected), checked again, gated as
 * docs/decisions/ask/free-text-quota.md says, and answered from the server's brief through the same
 * sentence check as the card's questions. With `Accept: text/event-stream` the tables go first
 * (`table`), then the checked lines (`delta`, `reset`), then `done` or `error`, as the card's stream.
 */
export function freeAnswerRoute(makeDeps: AskDepsFactory) {
  return route(apiContract.answerAskPlan, async (c) => {
    const deps = makeDeps(c.env);
    const { question, plan: sent } = c.req.valid("json");
    const now = deps.now();
    c.header("cache-control", "private, no-store");
    const user = await resolveUser(c);
    const snapshot = await currentSnapshot(runtimeDeps(c));
    const resolved = resolvePlan(sent, snapshot);
    if ("missing" in resolved) throw new ApiError("NOT_FOUND", `Coinsight no longer tracks ${resolved.missing.name}. ${NOT_COUNTED}`);
    const { plan, coins } = resolved;
    if (needsWatchlist(plan) && !user) return c.json(refusalBody(c, "UNAUTHORIZED", WATCHLIST_SIGN_IN, null), 401);
    const db = getDb(c.env.DB);
    const watchlist =
      user && needsWatchlist(plan) ? (await listWatchlist(runtimeDeps(c), db, user.id)).flatMap((e) => (e.coin ? [e.coin] : [])) : null;

    const gate = await admit(c.env, user, costOf(plan), clientAddress(c.req.raw.headers), now);
    if (isRefusal(gate)) return c.json(refusalBody(c, gate.code, gate.message, gate.subscription), STATUS[gate.code]);

    const input = { db, d1: c.env.DB, snapshot, now, plan, coins, watchlist };
    const prepared = await prepareFree(input, deps.answerer.source, c.env.KV, user?.id ?? null).catch(async (err) => {
      await gate.refund();
      throw err;
    });
    if (prepared.built?.unanswerable) {
      // Too little data to answer: nothing is counted.
      const subscription = await gate.refund();
      return c.json(refusalBody(c, "NOT_FOUND", prepared.built.unanswerable, subscription ?? gate.subscription), 404);
    }
    const { key, cached, built } = prepared;
    const tables = cached ? cached.tables : built.tables;
    const ctx: FreeCtx = { c, gate, user, question, plan, tables, asOf: prepared.asOf, answerKey: key, now };

    const answering: Answering<AskFreeResponse, { event: "table"; data: AnswerTable }> = {
      c,
      gate,
      answerer: deps.answerer,
      cached: cached?.text ?? null,
      built,
      finish: (text, fromCache) => success(ctx, text, fromCache),
      store: (text) => writeCachedAnswer(c.env.KV, key, { text, asOf: ctx.asOf, tables }),
      format: formatAskFreeEvent,
      preface: tables.map((data) => ({ event: "table" as const, data })),
    };
    if (wantsStream(c)) return streamAnswer(answering);
    const text = await writeAnswer(answering);
    if (text === null) return c.json(await failedBody(answering), 503);
    return c.json(await success(ctx, text, cached !== null), 200);
  });
}

type FreeCtx = {
  c: Ctx;
  gate: Grant;
  user: AuthUser | null;
  question: string;
  plan: AskPlan;
  tables: AnswerTable[];
  asOf: string;
  answerKey: string;
  now: number;
};

/** Keeps the unit (the answer is shown) and the member's question in their history, and builds the reply. */
async function success(ctx: FreeCtx, text: string, cached: boolean): Promise<AskFreeResponse> {
  const { c, gate, user, question, plan, tables, asOf, answerKey } = ctx;
  const subscription = await gate.commit();
  // The reply names the history entry, so it is kept before the reply; a failure to keep it loses the entry, not the answer.
  const id = user
    ? await keepQuestion(getDb(c.env.DB), { userId: user.id, question, plan, response: text, tables, asOf, answerKey }, ctx.now).catch(
        (err) => {
          logger("ask", c.get("requestId")).error("free answer not kept", { error: err });
          return null;
        },
      )
    : null;
  return {
    success: true,
    id,
    question,
    plan,
    summary: plan.summary,
    response: text,
    tables,
    asOf,
    cached,
    charged: gate.charged,
    subscription,
    rateLimit: gate.rateLimit,
  };
}

/** GET /api/ask-coinsight/history: the member's own questions, newest first. */
export const historyRoute = route(apiContract.listAskHistory, async (c) => {
  const { limit, before } = c.req.valid("query");
  c.header("cache-control", "private, no-store");
  return c.json(await listQuestions(getDb(c.env.DB), currentUser(c).id, limit, before), 200);
});

/** DELETE /api/ask-coinsight/history/{id}: only the member's own; another member's id is 404, as a missing one. */
export const deleteHistoryRoute = route(apiContract.deleteAskHistoryEntry, async (c) => {
  const gone = await deleteQuestion(getDb(c.env.DB), currentUser(c).id, c.req.valid("param").id);
  if (!gone) throw new ApiError("NOT_FOUND", "That question is not in your history.");
  return c.json({ success: true as const }, 200);
});
