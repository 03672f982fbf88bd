import { type HttpHandler, HttpResponse, http, ws } from "msw";
import { setupServer } from "msw/node";
import { z } from "zod";
import { apiContract, type OperationId } from "#schema/contracts/api/index.ts";
import { matchRoute } from "#schema/contracts/api/match.ts";
import type { RouteContract } from "#schema/contracts/api/route-contract.ts";
import { undeclaredFields } from "#schema/contracts/api/undeclared-fields.ts";
import { adminArticleQuery } from "#schema/contracts/editorial.ts";
import type { ErrorBody, ErrorCode } from "#schema/contracts/error.ts";

/**
 * The web tests' API: MSW answers every fetch from handlers built out of the contract table, and
 * every answer is parsed by the schema the contract declares for its status. A fake that drifts
 * from the server, a request the server would refuse, or a request nothing answers fails the test
 * (web/test/setup.ts reports them after each test). docs/testing.md has the examples.
 */
export const server = setupServer(
  // Every page opens the live-prices socket (web/features/live-prices): by default a hub that accepts
  // it and never ticks. Tests of live prices drive a socket of their own (web/app/layout/live-prices.test.tsx).
  ws.link(/\/api\/live/).addEventListener("connection", () => {}),
  // The article editor opens its presence socket: by default an object that accepts it and says nothing.
  // Tests of presence drive one of their own (web/features/editorial/components/presence.test.tsx).
  ws.link(/\/api\/articles\/\d+\/presence/).addEventListener("connection", () => {}),
);

const failures: string[] = [];

/** The contract breaches of the test that just ran (and forgets them). */
export function takeFailures(): string[] {
  return failures.splice(0);
}

export function noteFailure(message: string): void {
  failures.push(message);
}

/** Every request a mock answered in this test, in order (cleared after each test). */
export type Call = {
  operation: OperationId;
  method: string;
  /** Path and query, as sent: "/api/cryptos?limit=10". */
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
};
export const calls: Call[] = [];

type Statuses<C extends RouteContract> = keyof C["responses"] & number;
type OkStatus<C extends RouteContract> = Statuses<C> & (200 | 201 | 202 | 204);
/** A JSON answer is written as the schema's input; an answer without a schema has no body. */
type AnswerFor<C extends RouteContract, S extends Statuses<C>> = C["responses"][S] extends { schema: infer Z extends z.ZodType }
  ? z.input<Z>
  : null | undefined;
/** Or a whole Response (errorResponse(...)), checked against the contract for its own status. */
type Answer<C extends RouteContract, S extends Statuses<C>> = AnswerFor<C, S> | Response;
type SentBody<C extends RouteContract> = C extends { request: { body: infer B extends z.ZodType } } ? z.input<B> : undefined;

export type MockRequest<C extends RouteContract> = {
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON the web sent (undefined without one). */
  body: SentBody<C>;
  request: Request;
  /** 1 on the first request this handler answers, 2 on the next... */
  count: number;
};

type MockOptions<S> = { status?: S; once?: boolean };

const operations = new Map<RouteContract, OperationId>(
  (Object.entries(apiContract) as [OperationId, RouteContract][]).map(([id, route]) => [route, id]),
);

function operationOf(route: RouteContract): OperationId {
  const id = operations.get(route);
  if (!id) throw new Error(`mock(): ${route.method} ${route.path} is not an entry of apiContract`);
  return id;
}

function firstSuccess(route: RouteContract): number {
  const status = Object.keys(route.responses)
    .map(Number)
    .find((s) => s >= 200 && s < 300);
  if (status === undefined) throw new Error(`${route.method} ${route.path} declares no 2xx answer; pass { status }`);
  return status;
}

function described(error: z.ZodError): string {
  return z.prettifyError(error);
}

/** Why `answer` is not what the server sends with this schema, or null when it is. */
function mismatch(schema: z.ZodType, answer: unknown): string | null {
  const result = schema.safeParse(answer);
  if (!result.success) return `does not parse\n${described(result.error)}`;
  const extra = undeclaredFields(answer, result.data);
  return extra.length ? `has fields the schema does not declare: ${extra.slice(0, 8).join(", ")}` : null;
}

async function sentBody(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * GET /api/articles?page=n (no kind) from an admin is read with adminArticleQuery instead of the
 * declared query (the route's description says so; the editorial router switches at run time).
 */
function querySchema(operation: OperationId, route: RouteContract, query: Record<string, string>): z.ZodType | undefined {
  if (operation === "listArticles" && query.page !== undefined && query.kind === undefined) return adminArticleQuery;
  return route.request?.query;
}

/** The server validates params, query and body with the contract's schemas: what would it refuse? */
function refusals(
  operation: OperationId,
  route: RouteContract,
  sent: { params: unknown; query: Record<string, string>; body: unknown },
): string[] {
  const parts = [
    ["params", route.request?.params, sent.params],
    ["query", querySchema(operation, route, sent.query), sent.query],
    // Hono's JSON validator reads a missing body as {}.
    ["body", (route.request?.bodyType ?? "json") === "json" ? route.request?.body : undefined, sent.body ?? {}],
  ] as const;
  const out: string[] = [];
  for (const [part, schema, value] of parts) {
    const result = schema?.safeParse(value);
    if (result && !result.success)
      out.push(`${operation}: the fake accepted a ${part} the server refuses with a 400\n${described(result.error)}`);
  }
  return out;
}

function drift(operation: OperationId, message: string): Response {
  noteFailure(`${operation}: ${message}`);
  return HttpResponse.json(
    { error: { code: "INTERNAL", message: `The fake broke the contract: ${message}`, requestId: "msw" } },
    { status: 500 },
  );
}

async function checked(operation: OperationId, route: RouteContract, status: number, answer: unknown): Promise<Response> {
  if (answer instanceof Response) {
    const declared = route.responses[answer.status];
    if (!declared) return drift(operation, `the contract declares no ${answer.status} answer`);
    const isJson = (answer.headers.get("content-type") ?? "").includes("json");
    if (declared.schema && isJson) {
      const body: unknown = await answer
        .clone()
        .json()
        .catch(() => undefined);
      const wrong = mismatch(declared.schema, body);
      if (wrong) return drift(operation, `the fake's ${answer.status} answer ${wrong}`);
    } else if (declared.schema && !declared.contentType) {
      return drift(operation, `the contract's ${answer.status} answer is JSON; use notTheApi() for a body the API never sends`);
    }
    return answer.clone();
  }
  const declared = route.responses[status];
  if (!declared) return drift(operation, `the contract declares no ${status} answer`);
  if (!declared.schema) return new HttpResponse(null, { status });
  const wrong = mismatch(declared.schema, answer);
  if (wrong) return drift(operation, `the fake's ${status} answer ${wrong}`);
  return HttpResponse.json(answer as never, { status });
}

type Respond<C extends RouteContract> = (request: MockRequest<C>, operation: OperationId) => Promise<Response>;

function handler<C extends RouteContract>(route: C, respond: Respond<C>, once = false): HttpHandler {
  const operation = operationOf(route);
  const method = route.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
  let count = 0;
  return http[method](
    route.path,
    async ({ request }) => {
      const url = new URL(request.url);
      const match = matchRoute(request.method, url.pathname);
      // "/api/cryptos/gainers" also fits "/api/cryptos/:symbol": leave it to the route the server picks.
      if (match?.id !== operation) return undefined;
      count += 1;
      const body = await sentBody(request);
      const query = Object.fromEntries(url.searchParams);
      const refused = refusals(operation, route, { params: match.params, query, body });
      calls.push({ operation, method: request.method, path: `${url.pathname}${url.search}`, params: match.params, query, body });
      const response = await respond({ params: match.params, query, body: body as SentBody<C>, request, count }, operation);
      // A 400 (or any refusal) is the fake agreeing with the server; a success would be a lie.
      if (response.status < 300) for (const message of refused) noteFailure(message);
      return response;
    },
    { once },
  );
}

/**
 * An MSW handler for one contract route: `mock(apiContract.getCrypto, makeCrypto())`, or a function
 * of the request (`({ params, body, count }) => ...`). The answer is checked against the schema of
 * `status` (default: the route's first 2xx); a Response answer against the schema of its own status.
 */
export function mock<C extends RouteContract, S extends Statuses<C> = OkStatus<C>>(
  route: C,
  answer: Answer<C, S> | ((request: MockRequest<C>) => Answer<C, S> | Promise<Answer<C, S>>),
  options: MockOptions<S> = {},
): HttpHandler {
  const status = options.status ?? firstSuccess(route);
  return handler(
    route,
    async (request, operation) => {
      const out = typeof answer === "function" ? await (answer as (request: MockRequest<C>) => Answer<C, S>)(request) : answer;
      return checked(operation, route, status, out);
    },
    options.once,
  );
}

/**
 * An answer that is not the API's: the Worker crashed, the platform or a proxy answered, or the
 * connection dropped ("network-error"). Unchecked, so only for the screens' error handling; every
 * answer the API itself gives (its 4xx included) goes through `mock`.
 */
export function notTheApi<C extends RouteContract>(
  route: C,
  answer: Response | "network-error",
  options: { once?: boolean } = {},
): HttpHandler {
  return handler(route, async () => (answer === "network-error" ? HttpResponse.error() : answer.clone()), options.once);
}

/** A 5xx no contract lists (a crash or the platform failing), with any body. */
export function failure<C extends RouteContract>(
  route: C,
  status: 500 | 502 | 503 | 504 = 500,
  options: { body?: string; once?: boolean } = {},
): HttpHandler {
  return notTheApi(route, new Response(options.body ?? "Internal Server Error", { status }), options);
}

/** The connection dropped: fetch rejects with a TypeError. */
export function networkError<C extends RouteContract>(route: C, options: { once?: boolean } = {}): HttpHandler {
  return notTheApi(route, "network-error", options);
}

/** The one error body, for `mock(route, errorBody("NOT_FOUND", "Article not found"), { status: 404 })`. */
export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message, requestId: "r-1" } };
}

/** The one error body as a Response (a mock's answer for a status other than its default). */
export function errorResponse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message, requestId: "r-1" } }), {
    status,
    headers: { "content-type": "application/json" },
  });
}
