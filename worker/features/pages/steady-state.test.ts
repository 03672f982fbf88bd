import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import * as ssr from "coinsight-ssr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "#worker/app.ts";
import { emptyMeter, type Meter, meterD1, metered, meterKv } from "#worker/bench-meter.ts";
import { EDGE_CACHE_HEADER } from "#worker/lib/public-cache.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { serveFreshBuild } from "./test-support.ts";

/**
 * What requests cost in storage once the site is warm: public reads and cached pages read
 * no D1 row, tracking parameters find the page already kept, and made-up addresses write nothing.
 * Counted with the bench build's meter (worker/bench-meter.ts, itself tested) through the app, in
 * this isolate, so every query the request makes is seen.
 */
const metredEnv = { ...env, KV: meterKv(env.KV) };

async function send(path: string, meter: Meter): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await metered(meter, async () => {
    const answer = await app.fetch(
      new Request(new URL(path, "https://coinsight.test"), { headers: { accept: "text/html" } }),
      metredEnv,
      ctx,
    );
    await answer.arrayBuffer();
    return answer;
  });
  await waitOnExecutionContext(ctx);
  return res;
}

const slug = "a-steady-article";

// Storage is kept for the whole file.
beforeAll(() => insertArticle({ slug }));

beforeEach(() => {
  expect(meterD1(env.DB)).toBe(true);
  // Each test its own build, so no test meets another's cached pages.
  serveFreshBuild();
});
afterEach(() => vi.restoreAllMocks());

/** Asks each path until a round reads nothing new (answers made, cache entries written), then meters one more. */
async function steady(paths: string[]): Promise<Meter> {
  for (let round = 0; round < 3; round++) for (const path of paths) await send(path, emptyMeter());
  const meter = emptyMeter();
  for (const path of paths) expect((await send(path, meter)).status, path).toBe(200);
  return meter;
}

describe("the steady state", () => {
  it("public hot reads read no D1 row and write nothing", async () => {
    const meter = await steady([
      "/api/cryptos?limit=10",
      "/api/cryptos?page=1&limit=100&fromDb=true",
      "/api/cryptos/btc",
      "/api/guides",
      "/api/categories",
      "/api/articles?limit=10",
      `/api/articles/${slug}`,
      "/api/search?q=wallet",
      "/api/market/global",
    ]);
    expect(meter).toMatchObject({ rowsRead: 0, rowsWritten: 0, kvWrites: 0 });
  });

  it("cached pages read no D1 row and write nothing", async () => {
    const meter = await steady(["/", "/markets", "/crypto-101", "/coin/btc", `/article/${slug}`, "/categories/daily-roundup"]);
    expect(meter).toMatchObject({ rowsRead: 0, rowsWritten: 0, kvWrites: 0 });
  });
});

describe("query parameters that change nothing on a page", () => {
  it("neither split the page cache nor force a render", async () => {
    const render = vi.spyOn(ssr, "renderPage");
    const first = await send("/crypto-101", emptyMeter());
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(render).toHaveBeenCalledTimes(1);
    const tracked = [
      "/crypto-101?utm_source=newsletter&utm_medium=email&utm_campaign=daily",
      "/crypto-101?fbclid=IwAR0abc",
      "/crypto-101?gclid=Cj0KCQ",
      "/crypto-101?mc_cid=123&mc_eid=456",
      "/crypto-101?ref=producthunt",
      `/crypto-101?${crypto.randomUUID()}=${crypto.randomUUID()}`,
    ];
    for (const path of tracked) {
      const res = await send(path, emptyMeter());
      expect(res.headers.get(EDGE_CACHE_HEADER), path).toBe("HIT");
    }
    expect(render).toHaveBeenCalledTimes(1);
  });
});

describe("a flood of made-up addresses", () => {
  it("writes nothing, reads no D1 row and renders nothing", async () => {
    // The slug filter of this content version, built once (one read of every slug, one KV write).
    await send(`/article/${slug}`, emptyMeter());
    const render = vi.spyOn(ssr, "renderPage");
    const keys = async () => (await env.KV.list()).keys.map((k) => k.name).sort();
    const before = await keys();
    const meter = emptyMeter();
    for (let i = 0; i < 25; i++) {
      // Made up, but the same every run: the filter answers "maybe" for about 1 in 2,000 slugs.
      const made = `made-up-${(i * 7919).toString(36)}`;
      for (const path of [
        `/article/${made}`,
        `/crypto-101/${made}`,
        `/coin/zz${made.slice(0, 6)}`,
        `/categories/${made}`,
        `/api/articles/${made}`,
      ]) {
        expect((await send(path, meter)).status, path).toBe(404);
      }
    }
    expect(meter).toMatchObject({ rowsRead: 0, rowsWritten: 0, kvWrites: 0 });
    expect(render).not.toHaveBeenCalled();
    expect(await keys()).toEqual(before);
  });
});
