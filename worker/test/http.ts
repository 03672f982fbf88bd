import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { app } from "#worker/app.ts";

export const ORIGIN = "https://coinsight.test";

/** Sends a request through the real Worker entry point (routing, middleware, bindings). */
export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), init));
}

/** GET a JSON route and return status and parsed body. */
export async function getJson<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T; res: Response }> {
  const res = await call(path, init);
  return { status: res.status, body: (await res.json()) as T, res };
}

/**
 * The same app with some bindings changed (production mode, a configured provider, ADMIN_EMAILS...).
 * `path` may be a full URL to test other origins.
 */
export async function callWithEnv(overrides: Partial<Env>, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, ORIGIN), init), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
