import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import * as ssr from "coinsight-ssr";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import indexHtml from "#web/index.html?raw";
import { call } from "#worker/test/http.ts";
import bench from "./bench-entry.ts";
import { BENCH_METER_HEADER, BENCH_METER_PATH, BENCH_MISS_HEADER, BENCH_NOOP_PATH, BENCH_REPEAT_HEADER } from "./bench-noop.ts";
import { EDGE_CACHE_HEADER } from "./lib/public-cache.ts";

async function benchFetch(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await bench.fetch(new Request(`https://coinsight.test${path}`, { headers }), env, ctx);
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return res;
}

type Totals = { requests: number; rowsRead: number; d1Metered: boolean };
async function meterNow(): Promise<Totals> {
  const res = await bench.fetch(new Request(`https://coinsight.test${BENCH_METER_PATH}`), env, createExecutionContext());
  return (await res.json()) as Totals;
}

afterEach(() => vi.restoreAllMocks());

describe("the bench build's no-op route", () => {
  it("answers in the bench build", async () => {
    const res = await bench.fetch(new Request(`https://coinsight.test${BENCH_NOOP_PATH}`), env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("does not exist in production: an unknown API path", async () => {
    const res = await call(BENCH_NOOP_PATH);
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("NOT_FOUND");
  });

  it("passes every other request to the production Worker", async () => {
    const res = await bench.fetch(new Request("https://coinsight.test/api/site-status"), env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await res.json()).toHaveProperty("demo");
  });

  it("meters each request's D1 rows; a colo miss reads the KV copy, a render miss renders", async () => {
    vi.spyOn(env.ASSETS, "fetch").mockImplementation(
      async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"bench-build"' } }),
    );
    const before = await meterNow();
    // A category page reads the categories from D1 the first time.
    const metered = { [BENCH_METER_HEADER]: "1" };
    expect((await benchFetch("/crypto-101", metered)).headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect((await benchFetch("/crypto-101", metered)).headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect((await benchFetch("/crypto-101", { ...metered, [BENCH_MISS_HEADER]: "page" })).headers.get(EDGE_CACHE_HEADER)).toBe("KV");
    expect((await benchFetch("/crypto-101", { [BENCH_MISS_HEADER]: "render" })).headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    // Not metered: not counted.
    await benchFetch("/crypto-101");
    const after = await meterNow();
    expect(after.d1Metered).toBe(true);
    expect(after.requests - before.requests).toBe(3);
    expect(after.rowsRead).toBeGreaterThan(before.rowsRead);
  });

  it("a render repeated inside the isolate renders the page that many more times and keeps one copy", async () => {
    vi.spyOn(env.ASSETS, "fetch").mockImplementation(
      async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"repeat-build"' } }),
    );
    await benchFetch("/crypto-101");
    const render = vi.spyOn(ssr, "renderPage");
    const put = vi.spyOn(env.KV, "put");
    const res = await benchFetch("/crypto-101", { [BENCH_MISS_HEADER]: "render", [BENCH_REPEAT_HEADER]: "2" });
    expect(res.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(render).toHaveBeenCalledTimes(3);
    expect(put.mock.calls.filter(([key]) => key.startsWith("page:"))).toHaveLength(1);
  });

  it("production ignores the miss header", async () => {
    vi.spyOn(env.ASSETS, "fetch").mockImplementation(
      async () => new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8", etag: '"prod-build"' } }),
    );
    await call("/crypto-101", { headers: { accept: "text/html" } }, { unchecked: true });
    await vi.waitFor(async () => {
      const res = await call("/crypto-101", { headers: { [BENCH_MISS_HEADER]: "page" } }, { unchecked: true });
      expect(res.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    });
  });
});
