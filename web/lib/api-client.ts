import type { z } from "zod";
import type { ApiContract } from "#schema/contracts/api/index.ts";
import { api, HttpError } from "./api.ts";
import { type WebOperation, webRoutes } from "./api-routes.ts";

/**
 * One typed call per contract route: `request("addToWatchlist", { body })` fills and encodes the
 * path, serialises the query and sends the body as JSON, and its answer has the type of the route's
 * 2xx schema. Types only: answers are not parsed here (docs/decisions/api/typed-web-client.md).
 */

type Route<K extends WebOperation> = ApiContract[K];
type RequestPart<R> = R extends { request: infer Q } ? Q : object;
type SuccessStatus = 200 | 201 | 202 | 204;
type BodyOf<Response> = Response extends { schema: infer S extends z.ZodType } ? z.output<S> : undefined;

/** The body of a route's 2xx answer (the union when it has several). */
export type ApiAnswer<K extends WebOperation> = {
  [S in keyof Route<K>["responses"] & SuccessStatus]: BodyOf<Route<K>["responses"][S]>;
}[keyof Route<K>["responses"] & SuccessStatus];

/** Path parameters take the schema's parsed types (an id is a number); they are sent as text. */
type ParamsPart<R> = RequestPart<R> extends { params: infer P extends z.ZodType } ? { params: z.output<P> } : object;

/** A coerced query field accepts anything on the wire; the caller gives the type it parses to. */
type QueryValues<Q extends z.ZodType> = NamedKeys<{
  [K in keyof z.input<Q>]: unknown extends z.input<Q>[K]
    ? (K extends keyof z.output<Q> ? z.output<Q>[K] : never) | undefined
    : z.input<Q>[K];
}>;
/** Zod types an empty strict object as Record<string, never>: keep only the named keys. */
type NamedKeys<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
type QueryPart<R> =
  RequestPart<R> extends { query: infer Q extends z.ZodType }
    ? [keyof QueryValues<Q>] extends [never]
      ? { query?: Record<string, never> }
      : object extends QueryValues<Q>
        ? { query?: QueryValues<Q> }
        : { query: QueryValues<Q> }
    : object;

type BodyPart<R> =
  RequestPart<R> extends { body: infer B extends z.ZodType }
    ? undefined extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
    : object;

/** Fetch options the contract does not decide (cache mode, abort signal, headers). */
type FetchOptions = Omit<RequestInit, "body" | "method">;

export type ApiInput<K extends WebOperation> = ParamsPart<Route<K>> & QueryPart<Route<K>> & BodyPart<Route<K>> & { init?: FetchOptions };

/** The input argument may be left out when nothing in it is required. */
type InputArgs<K extends WebOperation> = object extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

type Loose = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; init?: FetchOptions };

/** "/api/articles/:id/versions/:versionId/restore" with each parameter encoded. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** "?a=1&b=x" from the defined values, in the order given; "" when there are none. */
export function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The URL a call goes to (also what the query keys of its cache entries can be built from). */
export function apiUrl<K extends WebOperation>(operation: K, ...[input]: InputArgs<K>): string {
  const loose = (input ?? {}) as Loose;
  return `${fillPath(webRoutes[operation].path, loose.params)}${queryString(loose.query)}`;
}

export function request<K extends WebOperation>(operation: K, ...args: InputArgs<K>): Promise<ApiAnswer<K>> {
  const loose = (args[0] ?? {}) as Loose;
  const url = apiUrl(operation, ...args);
  const json = loose.body as Record<string, unknown> | unknown[] | undefined;
  return api<ApiAnswer<K>>(url, { ...loose.init, method: webRoutes[operation].method, ...(json === undefined ? {} : { json }) });
}

/** For queries where signed-out is an answer, not an error: a 401 becomes null. */
export function requestOrNullOn401<K extends WebOperation>(operation: K, ...args: InputArgs<K>): Promise<ApiAnswer<K> | null> {
  return request(operation, ...args).catch((error: unknown) => {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  });
}

/** A route that answers a list or a page (by its query) answered the list. */
export function listAnswer<T>(answer: T): Extract<T, readonly unknown[]> {
  if (!Array.isArray(answer)) throw new Error("Expected a list from the server, got a page");
  return answer as Extract<T, readonly unknown[]>;
}

/** ...or the page. */
export function pageAnswer<T>(answer: T): Exclude<T, readonly unknown[]> {
  if (Array.isArray(answer)) throw new Error("Expected a page from the server, got a list");
  return answer as Exclude<T, readonly unknown[]>;
}
