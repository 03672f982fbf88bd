import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody, ErrorCode } from "#schema/contracts/error.ts";
import type { AppEnv } from "./app-env.ts";
import { logger } from "./log.ts";

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Something that existed and no longer works, such as an expired mail link. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  /** A WebSocket route called without `Upgrade: websocket`. */
  UPGRADE_REQUIRED: 426,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An upstream could not give a usable answer (e.g. Ask's model, after its retry). */
  UNAVAILABLE: 503,
};

export type Issue = { path: string; message: string };

/** The one error type routes and services throw; `onError` turns it into the one error body. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly issues: Issue[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, options?: { issues?: Issue[]; headers?: Record<string, string> }) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.issues = options?.issues;
    this.headers = options?.headers;
  }

  get status(): ContentfulStatusCode {
    return statusOf[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, requestId: string, issues?: Issue[]): ErrorBody {
  return { error: { code, message, requestId, ...(issues ? { issues } : {}) } };
}

export function onError(err: Error, c: Context<AppEnv>): Response {
  const requestId = c.get("requestId") ?? "unknown";
  if (err instanceof ApiError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return c.json(errorBody(err.code, err.message, requestId, err.issues), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Raised by Hono itself, e.g. a malformed JSON body or an oversized request.
    const code: ErrorCode =
      err.status === 401 ? "UNAUTHORIZED" : err.status === 403 ? "FORBIDDEN" : err.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
    return c.json(errorBody(code, err.message || "Bad request", requestId), err.status as ContentfulStatusCode);
  }
  // Anything else is our bug: log it with the request id (never the request body or secrets).
  logger("api", requestId).error("unhandled error", { path: c.req.path, error: err, stack: err.stack });
  return c.json(errorBody("INTERNAL", "Something went wrong on our side. Please try again.", requestId), 500);
}

export function onNotFound(c: Context<AppEnv>): Response {
  return c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`, c.get("requestId") ?? "unknown"), 404);
}
