import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { ApiError } from "./errors.ts";
import { type RouteLine, routeMatcher } from "./path-pattern.ts";

/** A route that may receive a bigger body than the default: method and Hono-style path (":id" segments). */
export type BodyAllowance = RouteLine & { bytes: number };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses write bodies over a small default (or the route's allowance) with 413 before anything
 * reads them: from Content-Length when it is given, else by counting the stream as it arrives.
 */
export function writeBodyLimits(defaultBytes: number, allowances: readonly BodyAllowance[]) {
  const rules = allowances.map((a) => ({ bytes: a.bytes, matches: routeMatcher(a) }));
  const limiters = new Map<number, ReturnType<typeof bodyLimit>>();
  const limiter = (bytes: number) => {
    let mw = limiters.get(bytes);
    if (!mw) {
      mw = bodyLimit({
        maxSize: bytes,
        onError: () => {
          throw new ApiError("PAYLOAD_TOO_LARGE", `Request body too large: at most ${Math.floor(bytes / 1024)} KB here.`);
        },
      });
      limiters.set(bytes, mw);
    }
    return mw;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const rule = rules.find((r) => r.matches(c.req.method, c.req.path));
    return limiter(rule?.bytes ?? defaultBytes)(c, next);
  });
}
