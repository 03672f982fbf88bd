/** Test helpers of Ask: members on any plan, and requests to the route with a chosen answerer. */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { type AskStreamEvent, type AskStreamEventName, askStreamEventSchemas, type QuestionType } from "#schema/contracts/ask.ts";
import { askFreeEventSchemas } from "#schema/contracts/ask-free.ts";
import type { AskFreeEvent, AskFreeEventName } from "#schema/contracts/ask-free-types.ts";
import type { AskPlan, AskPlanRefusal } from "#schema/contracts/ask-plan.ts";
import type { AuthUser } from "#schema/contracts/auth.ts";
import { quotaCounter } from "#worker/features/billing/index.ts";
import { buildRows, replaceBand, toMarketInput } from "#worker/features/newsroom/index.ts";
import { fixedMarket } from "#worker/features/newsroom/test-support.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { getDb } from "#worker/lib/db.ts";
import { onError } from "#worker/lib/errors.ts";
import type { AnswerBrief, Answerer } from "#worker/ports/llm/answer.ts";
import { createOfflineAnswerer } from "#worker/ports/llm/answer-offline.ts";
import { createOfflineSentiment } from "#worker/ports/sentiment/offline.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { checkAnswer } from "#worker/test/contract-check.ts";
import { ORIGIN } from "#worker/test/http.ts";
import { createAskRoutes } from "./ask.routes.ts";

export { forgetRecentAnswers } from "./cache.ts";
export { forgetAllKept } from "./kept-once.ts";

export type Persona = "guest" | "free" | "free-spent" | "lite" | "basic" | "pro" | "inactive" | "admin";

const PERIOD = { periodStart: "2026-11-01T00:00:00.000Z", periodEnd: "2026-12-01T00:00:00.000Z" };
let seq = 0;

export type Asker = { agent: BrowserAgent; userId: string | null; ip: string };

/** A person of the given kind, signed in (except guests), with their own client address. */
export async function persona(kind: Persona): Promise<Asker> {
  seq += 1;
  const ip = `198.51.100.${seq % 250}`;
  const email = `asker-${kind}-${seq}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const agent = new BrowserAgent(kind === "admin" ? { ADMIN_EMAILS: email } : {});
  if (kind === "guest") return { agent, userId: null, ip: `203.0.113.${seq % 250}` };
  await agent.signInOffline(email, "Asker");
  const { body: user } = await agent.json<AuthUser>("/api/auth/user");
  const counter = quotaCounter(env, user.id);
  if (kind === "free-spent") {
    for (let i = 0; i < 2; i++) {
      const r = await counter.reserve(user.id);
      if (r.ok) await counter.commit(user.id, r.reservationId);
    }
  }
  if (kind === "lite" || kind === "basic" || kind === "pro" || kind === "inactive") {
    const tier = kind === "inactive" ? "basic" : kind;
    await counter.applyPaidPeriod(user.id, { key: `in_${seq}`, tier, ...PERIOD });
    if (kind === "inactive")
      await counter.setPlanStatus(user.id, { key: `evt_${seq}`, tier, status: "past_due", periodEnd: PERIOD.periodEnd });
  }
  return { agent, userId: user.id, ip };
}

export function askBody(questionType: QuestionType, coinSymbol = "BTC") {
  return JSON.stringify({ coinSymbol, coinName: "Bitcoin", questionType, priceChange24h: "+1.00%" });
}

/** Asks through the real Worker (same-origin guard, routing, bindings). */
export async function ask<T = unknown>(who: Asker, questionType: QuestionType, coinSymbol = "BTC", accept = "application/json") {
  const res = await who.agent.fetch("/api/ask-coinsight", {
    method: "POST",
    headers: { "content-type": "application/json", accept, "cf-connecting-ip": who.ip },
    body: askBody(questionType, coinSymbol),
  });
  const text = await res.text();
  return { status: res.status, body: (accept === "application/json" ? JSON.parse(text) : text) as T, res };
}

/** Asks through the route alone with a chosen answerer (the person's cookies carried over). */
export async function askWith<T = unknown>(
  answerer: Answerer,
  who: Asker,
  questionType: QuestionType,
  accept = "application/json",
  coinSymbol = "BTC",
) {
  const app = new Hono<AppEnv>().use(requestId()).route(
    "/api",
    createAskRoutes(() => ({ answerer, now: Date.now })),
  );
  app.onError(onError);
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { "content-type": "application/json", accept, "cf-connecting-ip": who.ip };
  if (who.agent.cookies.size) headers.cookie = who.agent.cookieHeader();
  const res = await app.request(
    `${ORIGIN}/api/ask-coinsight`,
    { method: "POST", headers, body: askBody(questionType, coinSymbol) },
    env,
    ctx,
  );
  await checkAnswer("POST", `${ORIGIN}/api/ask-coinsight`, res);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  return { status: res.status, body: (accept === "application/json" ? JSON.parse(text) : text) as T, res };
}

/** The plan the site's planner gives a question (POST /api/ask-coinsight/plan), as the /ask page gets it. */
export async function planOf(question: string, previous: AskPlan | null = null): Promise<AskPlan | AskPlanRefusal> {
  const res = await new BrowserAgent().fetch("/api/ask-coinsight/plan", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question, previous }),
  });
  return (await res.json()) as AskPlan | AskPlanRefusal;
}

/** The plan of a question the planner answers (a refusal fails the test). */
export async function planFor(question: string, previous: AskPlan | null = null): Promise<AskPlan> {
  const plan = await planOf(question, previous);
  if (plan.kind !== "plan") throw new Error(`${question}: refused (${plan.message})`);
  return plan;
}

/**
 * Asks POST /api/ask-coinsight/answer: through the real Worker, or through the route alone with a
 * chosen answerer (the person's cookies carried over); the answer is checked against the contract.
 */
export async function askFree<T = unknown>(
  who: Asker,
  body: unknown,
  options: { answerer?: Answerer; accept?: string } = {},
): Promise<{ status: number; body: T; res: Response }> {
  const accept = options.accept ?? "application/json";
  const headers: Record<string, string> = { "content-type": "application/json", accept, "cf-connecting-ip": who.ip };
  const init = { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) };
  let res: Response;
  if (options.answerer) {
    const answerer = options.answerer;
    const app = new Hono<AppEnv>().use(requestId()).route(
      "/api",
      createAskRoutes(() => ({ answerer, now: Date.now })),
    );
    app.onError(onError);
    const ctx = createExecutionContext();
    if (who.agent.cookies.size) headers.cookie = who.agent.cookieHeader();
    res = await app.request(`${ORIGIN}/api/ask-coinsight/answer`, init, env, ctx);
    await checkAnswer("POST", `${ORIGIN}/api/ask-coinsight/answer`, res.clone());
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    return { status: res.status, body: (accept === "application/json" ? JSON.parse(text) : text) as T, res };
  }
  res = await who.agent.fetch("/api/ask-coinsight/answer", init);
  const text = await res.text();
  return { status: res.status, body: (accept === "application/json" ? JSON.parse(text) : text) as T, res };
}

/** The events of a streamed free answer, each read with its schema from the contract (askFreeEventSchemas). */
export function freeEvents(text: string): AskFreeEvent[] {
  return rawEvents(text).map(({ event, data }) => {
    const schema = askFreeEventSchemas[event as AskFreeEventName];
    if (!schema) throw new Error(`the stream sent an event the contract does not have: ${event}`);
    return { event, data: schema.parse(JSON.parse(data)) } as AskFreeEvent;
  });
}

/** An answerer that writes what `tamper` makes of the offline answer (with its citations), counting its calls. */
export function tamperingAnswerer(tamper: (text: string, call: number, brief: AnswerBrief) => string): Answerer & { calls: number } {
  const inner = createOfflineAnswerer();
  seq += 1;
  // Its own source name, so answers cached by other tests are never served in its place.
  const a = {
    source: `test-answerer-${seq}`,
    model: inner.model,
    calls: 0,
    async answer(brief: Parameters<Answerer["answer"]>[0], onText?: (d: string) => void) {
      a.calls++;
      const text = tamper((await inner.answer(brief)).text, a.calls, brief);
      if (onText) for (const line of text.split(/(?<=\n)/)) onText(line);
      return { text, model: inner.model };
    },
  };
  return a;
}

/** The `event:`/`data:` pairs of a server-sent event stream. */
function rawEvents(text: string): { event: string; data: string }[] {
  return text
    .split(/\n\n/)
    .map((block) => {
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
      const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join("\n");
      return { event, data };
    })
    .filter((e) => e.data !== "");
}

/**
 * The events of a streamed answer, each read with its schema from the contract (askStreamEventSchemas):
 * an event the route writes with another name or shape fails the test that reads it.
 */
export function sseEvents(text: string): AskStreamEvent[] {
  return rawEvents(text).map(({ event, data }) => {
    const schema = askStreamEventSchemas[event as AskStreamEventName];
    if (!schema) throw new Error(`the stream sent an event the contract does not have: ${event}`);
    return { event, data: schema.parse(JSON.parse(data)) } as AskStreamEvent;
  });
}

const DAY_MS = 86_400_000;

/**
 * Daily closes alternating ±`step` (log) around `price` for the `days` days before `until` (the
 * tests seed the history they need: the site's own seeded history moves with the replay).
 */
export async function seedHistory(coinId: string, price: number, days: number, until = Date.now(), step = 0.02) {
  const end = Math.floor(until / DAY_MS);
  const stmts = [];
  for (let d = days; d >= 1; d--) {
    const p = price * Math.exp(d % 2 ? step : -step);
    stmts.push(
      env.DB.prepare("INSERT OR REPLACE INTO price_history (coin_id, ts, price) VALUES (?, ?, ?)").bind(
        coinId,
        (end - d) * 86_400 + 80_000,
        p,
      ),
    );
  }
  await env.DB.batch(stmts);
}

/** Today's social snapshot for the top `count` coins, from the offline sentiment model. */
export async function seedSocial(count = 500, now = Date.now()) {
  const date = new Date(now).toISOString().slice(0, 10);
  const market = await fixedMarket(now - 30_000);
  const coins = market.coins.slice(0, count).map(toMarketInput);
  const metrics = await createOfflineSentiment().fetchMetrics(coins, date);
  const rows = buildRows(date, coins, metrics, {
    source: "offline",
    marketAsOf: market.updatedAt,
    fetchedAt: new Date(now - 60_000).toISOString(),
  });
  await replaceBand(getDb(env.DB), date, { from: 1, to: count }, rows);
}

/** The coin as the live offline market lists it now (id and price for seeding). */
export async function liveCoin(symbol: string): Promise<{ id: string; name: string; priceUsd: number; rank: number }> {
  const res = await new BrowserAgent().json<{ id: string; symbol: string; name: string; priceUsd: number; rank: number }>(
    `/api/cryptos/${symbol}`,
  );
  if (res.status !== 200) throw new Error(`no coin ${symbol}`);
  return res.body;
}
