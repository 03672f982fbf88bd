import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { app } from "#worker/app.ts";
import { checkAnswer } from "./contract-check.ts";

export const ORIGIN = "https://coinsight.test";

/**
 * Every answer these helpers return is checked against the contract table (./contract-check.ts):
 * declared status, JSON parsed by the declared schema. `unchecked: true` is for tests that
 * deliberately send raw or odd requests and look only at how they are refused.
 */
export type CallOptions = { unchecked?: boolean };

/** Sends a request through the real Worker entry point (routing, middleware, bindings). */
export async function call(path: string, init?: RequestInit, options: CallOptions = {}): Promise<Response> {
  const request = new Request(new URL(path, ORIGIN), init);
  const { method, url } = request;
  const res = await exports.default.fetch(request);
  if (!options.unchecked) await checkAnswer(method, url, res);
  return res;
}

/** GET a JSON route and return status and parsed body. */
export async function getJson<T = unknown>(
  path: string,
  init?: RequestInit,
  options?: CallOptions,
): Promise<{ status: number; body: T; res: Response }> {
  const res = await call(path, init, options);
  return { status: res.status, body: (await res.json()) as T, res };
}

/**
 * The same app with some bindings changed (production mode, a configured provider, ADMIN_EMAILS...).
 * `path` may be a full URL to test other origins.
 */
export async function callWithEnv(overrides: Partial<Env>, path: string, init?: RequestInit, options: CallOptions = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(new URL(path, ORIGIN), init);
  const { method, url } = request;
  const res = await app.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  if (!options.unchecked) await checkAnswer(method, url, res);
  return res;
}
