import { z } from "zod";
import { errorBodySchema } from "../error.ts";

/**
 * One API route as the server, the tests, the OpenAPI document and the web client all see it.
 * Plain zod and TypeScript (no hono import) so the web can import the table too.
 */
export type RouteContract = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Hono style, full path: "/api/cryptos/:symbol". */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Who may call it: "member" answers 401 to guests, "admin" 401 to guests and 403 to members. */
  access: "public" | "member" | "admin";
  /** The schemas the route validates with (the route takes them from this entry). */
  request?: { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType; bodyType?: "json" | "form" | "raw" };
  /** Every status the route answers; a JSON answer has a schema, anything else a content type. */
  responses: Record<number, ResponseContract>;
  /**
   * A write that authenticates itself (an unguessable token in the path, a signature) and comes
   * without an Origin: the same-origin guard lets it through (worker/app.ts).
   */
  selfAuthenticating?: true;
  /** A write body this route may receive beyond the 16 KB default (docs/decisions/security/request-body-limits.md). */
  maxBodyBytes?: number;
};

export type ResponseContract = { description: string; schema?: z.ZodType; contentType?: string };

const ERROR_TEXT = {
  400: "Invalid request (the one error body, with `issues` naming each invalid field)",
  401: "Not signed in",
  402: "A paid plan or more queries are needed",
  403: "Not allowed: a member calling an admin route, or a write from another site",
  404: "Not found",
  409: "Conflict with the current state",
  410: "Gone: a link that worked once has expired",
  413: "Request body too large",
  426: "Upgrade required: the route opens a WebSocket",
  429: "Too many requests",
  502: "An upstream service answered badly",
  503: "An upstream service is unavailable",
} as const;
export type ErrorStatus = keyof typeof ERROR_TEXT;

type ErrorResponses<S extends ErrorStatus> = { [K in S]: { description: string; schema: typeof errorBodySchema } };

/** The one error body for each of `statuses`, with the standard descriptions. */
export function errors<const S extends ErrorStatus[]>(...statuses: S): ErrorResponses<S[number]> {
  const out: Record<number, { description: string; schema: typeof errorBodySchema }> = {};
  for (const status of statuses) out[status] = { description: ERROR_TEXT[status], schema: errorBodySchema };
  return out as ErrorResponses<S[number]>;
}

/** A JSON answer. */
export function json<S extends z.ZodType>(description: string, schema: S) {
  return { description, schema };
}

/** A non-JSON answer (HTML page, feed, redirect, event stream). */
export function content(description: string, contentType: string) {
  return { description, contentType };
}

/** A redirect: no body worth reading, the Location header is the answer. */
export function redirect(description: string) {
  return { description };
}

export const HTML = "text/html; charset=utf-8";

/** For routes that take no query: each distinct URL would otherwise be its own cache entry. */
export const noQuery = z.object({}).strict();
