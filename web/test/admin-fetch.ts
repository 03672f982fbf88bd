import { vi } from "vitest";

type Handler = (request: { method: string; path: string; body: unknown }) => Response | unknown;

/** A fetch stub keyed by "METHOD /path" (query ignored unless the key has one); records every call. */
export function routeFetch(routes: Record<string, Handler | unknown>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    const call = { method, path: `${url.pathname}${url.search}`, body };
    calls.push(call);
    const hit = routes[`${method} ${url.pathname}${url.search}`] ?? routes[`${method} ${url.pathname}`];
    if (hit === undefined) return new Response("Not found", { status: 404, statusText: "Not Found" });
    const out = typeof hit === "function" ? (hit as Handler)(call) : hit;
    if (out instanceof Response) return out;
    return new Response(JSON.stringify(out), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fn);
  return { fn, calls };
}

export function errorResponse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message, requestId: "r-1" } }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** The signed-in member's routes (see auth-fixtures) keyed for `routeFetch`. */
export function asGetRoutes(routes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(routes).map(([k, v]) => [`GET ${k}`, v]));
}
