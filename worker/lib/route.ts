import { type Context, Hono, type MiddlewareHandler, type Next, type TypedResponse } from "hono";
import type { RedirectStatusCode, StatusCode } from "hono/utils/http-status";
import type { JSONParsed } from "hono/utils/types";
import type { z } from "zod";
import type { RouteContract } from "#schema/contracts/api/route-contract.ts";
import type { AppEnv } from "./app-env.ts";
import { requireAdmin, requireUser } from "./auth.ts";
import { validate } from "./validate.ts";

/** A request part a contract entry may declare. */
export type RequestPart = "params" | "query" | "body";

type Req<R> = R extends { request: infer Q } ? Q : object;
type Schema<R, K extends RequestPart> = Req<R> extends { [P in K]: infer S extends z.ZodType } ? S : never;
type BodyTarget<R> = Req<R> extends { bodyType: "form" } ? "form" : "json";

/** What `c.req.valid(...)` returns in a handler: the parsed parts the entry declares. */
type ValidOut<R> = ([Schema<R, "params">] extends [never] ? object : { param: z.output<Schema<R, "params">> }) &
  ([Schema<R, "query">] extends [never] ? object : { query: z.output<Schema<R, "query">> }) &
  ([Schema<R, "body">] extends [never] ? object : { [T in BodyTarget<R>]: z.output<Schema<R, "body">> });

/** The context a `route` handler gets: the entry's path parameters and validated parts, typed. */
export type RouteContext<R extends RouteContract> = Context<AppEnv, R["path"], { out: ValidOut<R> }>;

type Responses<R extends RouteContract> = R["responses"];
type Status<R extends RouteContract> = keyof Responses<R> & StatusCode;

/** A JSON answer as `c.json(body, status)` types it: only declared statuses, with the declared schema's shape. */
type JsonAnswer<R extends RouteContract> = {
  [S in Status<R>]: Responses<R>[S] extends { schema: infer Z extends z.ZodType }
    ? TypedResponse<JSONParsed<z.input<Z>>, S, "json">
    : never;
}[Status<R>];

/** `c.redirect(to, status)`: only a declared redirect status. */
type RedirectAnswer<R extends RouteContract> = {
  [S in Status<R>]: S extends RedirectStatusCode ? TypedResponse<undefined, S, "redirect"> : never;
}[Status<R>];

/** `c.text(...)` or `c.body(...)`: only a declared status whose answer is not JSON. */
type ContentAnswer<R extends RouteContract> = {
  [S in Status<R>]: Responses<R>[S] extends { contentType: string } ? TypedResponse<unknown, S, "text" | "body"> : never;
}[Status<R>];

/**
 * An untyped Response (an HTML page, an event stream, a proxied asset): allowed only where the
 * entry declares a non-JSON answer, so a JSON route cannot slip an unchecked body past the compiler.
 * The run-time answer check (worker/test/contract-check.ts) still reads it in every test.
 */
type Opaque<R extends RouteContract> = [ContentAnswer<R>] extends [never]
  ? never
  : Response & { _data?: never; _status?: never; _format?: never };

/** Everything a handler of `R` may return: what the entry declares, and nothing else. */
export type RouteAnswer<R extends RouteContract> = (Response & (JsonAnswer<R> | RedirectAnswer<R> | ContentAnswer<R>)) | Opaque<R>;

export type RouteHandler<R extends RouteContract> = (c: RouteContext<R>, next: Next) => RouteAnswer<R> | Promise<RouteAnswer<R>>;

export type RouteOptions = {
  /**
   * Declared parts `route` leaves alone: the handler reads them itself (a page answers 404 for a bad
   * slug, not 400; an optional body read as text), or a validator of the route's own does (the
   * sign-in form answers the form again). The contract coverage test accepts exactly these.
   */
  skipValidation?: RequestPart[];
};

/** What `route` made of an entry: read by the contract coverage test and the admin matrix. */
export type BoundRoute = { contract: RouteContract; chain: readonly MiddlewareHandler<AppEnv>[]; skipValidation: readonly RequestPart[] };
const bound = new WeakMap<object, BoundRoute>();

/** The entry a handler was made from by `route`, with its guard and validators; undefined for any other handler. */
export function boundRoute(handler: unknown): BoundRoute | undefined {
  return typeof handler === "function" ? bound.get(handler) : undefined;
}

/**
 * One API route from its contract entry: the guard its `access` implies (requireUser for members,
 * requireAdmin for admins), a validator for each declared part with the entry's own schema, then
 * `handler`, whose answers the compiler holds to the entry's statuses and schemas. List it in its
 * feature's `contractRoutes(...)`, which registers it at the entry's own method and path:
 * `contractRoutes(route(apiContract.addToWatchlist, async (c) => c.json(x, 201)))`.
 */
export function route<const R extends RouteContract>(contract: R, handler: RouteHandler<R>, options: RouteOptions = {}) {
  const skipValidation = options.skipValidation ?? [];
  const own = (part: RequestPart) => skipValidation.includes(part);
  const chain: MiddlewareHandler<AppEnv>[] = [];
  if (contract.access === "member") chain.push(requireUser);
  if (contract.access === "admin") chain.push(requireAdmin);
  const request = contract.request;
  if (request?.params && !own("params")) chain.push(validate("param", request.params));
  if (request?.query && !own("query")) chain.push(validate("query", request.query));
  if (request?.body && request.bodyType !== "raw" && !own("body"))
    chain.push(validate(request.bodyType === "form" ? "form" : "json", request.body));

  // Each step either answers (a validator's own page) or calls on to the next; the handler last.
  const run = async (c: Context<AppEnv>, i: number, next: Next): Promise<Response | undefined> => {
    const step = chain[i];
    if (!step) return handler(c as unknown as RouteContext<R>, next);
    let answer: Response | undefined;
    const early = await step(c, async () => {
      answer = await run(c, i + 1, next);
    });
    return early instanceof Response ? early : answer;
  };
  const composed: MiddlewareHandler<AppEnv> = async (c, next) => run(c, 0, next);
  bound.set(composed, { contract, chain, skipValidation });
  return composed;
}

/**
 * Where a contract entry's path sits in the app it is mounted on: API entries ("/api/watchlist/add")
 * live in the app worker/app.ts mounts at /api, so they lose that prefix here and nowhere else;
 * pages ("/rss.xml") are mounted on the root app and keep theirs.
 */
export function mountedPath(contract: RouteContract): string {
  const { path } = contract;
  return path.startsWith("/api/") ? path.slice("/api".length) : path;
}

type Handler = MiddlewareHandler<AppEnv>;
/** A route made by `route()`, alone or after middleware of its own, as Hono's `.post(path, ...)` would take them. */
type ContractRouteItem = Handler | readonly [...Handler[], Handler];

/**
 * A feature's routes, each registered at its own contract entry's method and path, so a path is
 * written once, in its entry; worker/app.ts mounts the result at "/" (of the /api app, or of the
 * root app for pages). Hono tries routes in registration order, so list a static path before a
 * parameter that would also match it (`/cryptos/gainers` before `/cryptos/:symbol`). A handler not
 * made by `route()` has no entry to take its path from: that is refused when the module loads.
 */
export function contractRoutes(...items: ContractRouteItem[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  items.forEach((item, i) => {
    const handlers: readonly Handler[] = typeof item === "function" ? [item] : item;
    const made = boundRoute(handlers.at(-1));
    const where = `contractRoutes: item ${i + 1} of ${items.length}`;
    if (!made) throw new Error(`${where} does not end in a handler made by route(), so it has no contract path`);
    if (handlers.slice(0, -1).some((h) => boundRoute(h))) throw new Error(`${where} holds two routes: list them separately`);
    const [first, ...rest] = handlers as [Handler, ...Handler[]];
    app.on(made.contract.method, mountedPath(made.contract), first, ...rest);
  });
  return app;
}
