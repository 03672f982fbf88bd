import type { Context } from "hono";
import { hasCookie, MEMBER_HINT_COOKIE } from "#schema/contracts/cookies.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import type { RuntimeDeps } from "#worker/lib/deps.ts";

/**
 * What a page needs from its request, and nothing of Hono: the page modules take this instead of a
 * `Context`, so each says by its signature what it reads (a sheet reads the assets and the address, the
 * cache also the cookie and `waitUntil`), and only the routes file speaks Hono.
 */
export type PageRequest = {
  env: Env;
  url: URL;
  /** The request's Cookie header: a member's hint cookie means the shell, never a render. */
  cookie: string | null;
  acceptEncoding: string | null;
  requestId: string | undefined;
  /**
   * Work after the answer: the request's (or the tick's) `waitUntil`. Undefined under `app.request()`
   * in tests, which has no execution context; such work then finishes before the answer.
   */
  waitUntil: ((work: Promise<unknown>) => void) | undefined;
  /** The execution context an in-process call of the app needs (a render's API reads). */
  executionCtx: ExecutionContext | undefined;
};

/** The request's execution context; undefined under app.request() in tests, which has none. */
function executionCtxOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

/** The page's view of a Hono request, taken once by the route. */
export function pageRequest(c: Context<AppEnv>): PageRequest {
  const executionCtx = executionCtxOf(c);
  return {
    env: c.env,
    url: new URL(c.req.url),
    cookie: c.req.header("cookie") ?? null,
    acceptEncoding: c.req.header("accept-encoding") ?? null,
    requestId: c.get("requestId"),
    waitUntil: executionCtx ? (work) => executionCtx.waitUntil(work) : undefined,
    executionCtx,
  };
}

/** Whether the Worker renders this request's page: a guest's (no member hint cookie), never a member's. */
export const rendersPage = (req: Pick<PageRequest, "cookie">): boolean => !hasCookie(req.cookie, MEMBER_HINT_COOKIE);

/** The runtime deps other features' reads take (the price snapshot, a coin), from the page's request. */
export function pageDeps(req: PageRequest): RuntimeDeps {
  return { env: req.env, waitUntil: (work) => (req.waitUntil ? req.waitUntil(work) : void work.catch(() => {})) };
}
