import { exports } from "cloudflare:workers";

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
