import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import zlib from "node:zlib";
import * as ssr from "coinsight-ssr";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "#worker/app.ts";
import { invalidateContentCache } from "#worker/features/content/index.ts";
import { type PriceFeedBase, priceFeed, readSnapshot, writeSnapshot } from "#worker/features/cryptos/index.ts";
import { forgetColoMemory } from "#worker/lib/colo-cache.ts";
import { GZIP_LEVEL } from "#worker/lib/gzip.ts";
import { EDGE_CACHE_HEADER } from "#worker/lib/public-cache.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { PAGE_KV_PREFIX, readPageCopy } from "./page-store.ts";
import { forgetRouteModules } from "./preload-hints.ts";
import { forgetShell, serveBuild } from "./test-support.ts";

/**
 * The second level of the page cache: a guest's page kept in KV beyond the colo (page-store.ts), and
 * the pages rendered ahead of readers (render-ahead.ts). A colo miss is made by hiding the colo's
 * cache and forgetting the isolate's memory; renders are counted at the renderer.
 */
const ORIGIN = "https://coinsight.test";
/** What a deployment sets, and what rendering ahead needs (there is no request to take an origin from). */
const siteEnv: Env = { ...env, PUBLIC_ORIGIN: ORIGIN };
const slug = "a-kept-article";

async function page(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(new URL(path, ORIGIN), { headers: { accept: "text/html", ...headers } }), siteEnv, ctx);
  const body = await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, res);
}

/** The next request misses in this colo: nothing in the isolate's memory, nothing in the colo's cache. */
function missTheColo(): void {
  forgetColoMemory();
  vi.spyOn(caches.default, "match").mockResolvedValue(undefined);
}

const kvPageKeys = async () => (await env.KV.list({ prefix: PAGE_KV_PREFIX })).keys.map((k) => k.name);
/** This test's copies of `path` (its build is in the key). */
const keptFor = async (path: string) =>
  (await kvPageKeys()).filter((k) => k.startsWith(`${PAGE_KV_PREFIX}${build}:`) && k.endsWith(`:coinsight.test${path}`));
const from = (res: Response) => res.headers.get(EDGE_CACHE_HEADER);

let build: string;

beforeAll(async () => {
  await insertArticle({ slug });
  // The first price snapshot (the feed's first tick).
  expect((await priceFeed(env).refresh()).ok).toBe(true);
});

beforeEach(() => {
  forgetRouteModules();
  forgetShell();
  forgetColoMemory();
  // Each test its own build, so no test meets another's kept pages.
  build = `"${crypto.randomUUID()}"`;
  serveBuild(build);
});
afterEach(() => vi.restoreAllMocks());

describe("a guest's page kept in KV beyond the colo", () => {
  it("answers a colo miss from the copy the first render kept: the same page, no render", async () => {
    const render = vi.spyOn(ssr, "renderPage");
    const first = await page(`/article/${slug}`);
    expect(from(first)).toBe("MISS");
    expect(render).toHaveBeenCalledTimes(1);
    expect(await keptFor(`/article/${slug}`)).toHaveLength(1);

    missTheColo();
    const kept = await page(`/article/${slug}`);
    expect(from(kept)).toBe("KV");
    expect(render).toHaveBeenCalledTimes(1);
    const html = await first.text();
    expect(await kept.text()).toBe(html);
    expect(kept.status).toBe(200);
    expect(kept.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // The browser's own lifetime and the Vary that keeps a member off a guest's copy, as from the colo.
    expect(kept.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    expect(kept.headers.get("vary")).toContain("Cookie");
    expect(kept.headers.get("etag")).toBe(first.headers.get("etag"));

    // A reader who takes gzip gets the bytes kept gzipped in KV, sent as they are.
    const compress = vi.spyOn(zlib, "gzipSync");
    missTheColo();
    const gzipped = await page(`/article/${slug}`, { "accept-encoding": "gzip" });
    expect(from(gzipped)).toBe("KV");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(compress).not.toHaveBeenCalled();
    const inflated = new Response(new Blob([await gzipped.arrayBuffer()]).stream().pipeThrough(new DecompressionStream("gzip")));
    expect(await inflated.text()).toBe(html);
  });

  it("is gzipped once by its first render, for KV and for this isolate's readers, and never kept in or asked of the colo's cache", async () => {
    const compress = vi.spyOn(zlib, "gzipSync");
    const put = vi.spyOn(caches.default, "put");
    const path = `/article/${slug}`;
    const first = await page(path);
    expect(from(first)).toBe("MISS");
    expect(compress).toHaveBeenCalledTimes(1);
    // Rendered by its reader: the fast level, within the Free plan's CPU.
    expect(compress.mock.calls[0]?.[1]).toEqual({ level: GZIP_LEVEL.reader });
    expect(put).not.toHaveBeenCalled();
    // This isolate's next reader who takes gzip is sent those bytes from memory: no second compression.
    const hit = await page(path, { "accept-encoding": "gzip" });
    expect(from(hit)).toBe("HIT");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(compress).toHaveBeenCalledTimes(1);
    const inflated = new Response(new Blob([await hit.arrayBuffer()]).stream().pipeThrough(new DecompressionStream("gzip")));
    expect(await inflated.text()).toBe(await first.text());
    // The colo's other isolates find the copy in KV, without asking the colo's Cache API first.
    expect(await keptFor(path)).toHaveLength(1);
    const match = vi.spyOn(caches.default, "match");
    forgetColoMemory();
    expect(from(await page(path))).toBe("KV");
    expect(match).not.toHaveBeenCalled();
  });

  it("answers its first reader who takes gzip with the bytes it made for its copies, not a second compression", async () => {
    const compress = vi.spyOn(zlib, "gzipSync");
    const path = `/article/${slug}`;
    const first = await page(path, { "accept-encoding": "gzip, br" });
    expect(from(first)).toBe("MISS");
    expect(first.headers.get("content-encoding")).toBe("gzip");
    expect(first.headers.get("vary")).toContain("Accept-Encoding");
    expect(compress).toHaveBeenCalledTimes(1);
    // The same page a reader who takes no gzip is sent plain, from memory.
    const plain = await page(path, { "accept-encoding": "identity" });
    expect(from(plain)).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const inflated = new Response(new Blob([await first.arrayBuffer()]).stream().pipeThrough(new DecompressionStream("gzip")));
    expect(await inflated.text()).toBe(await plain.text());
    expect(compress).toHaveBeenCalledTimes(1);
  });

  it("gives each answer its own request id, rendered or kept, and keeps none in a copy", async () => {
    const path = `/article/${slug}`;
    const rendered = await page(path);
    const hit = await page(path);
    missTheColo();
    const kept = await page(path);
    expect([from(rendered), from(hit), from(kept)]).toEqual(["MISS", "HIT", "KV"]);
    const ids = [rendered, hit, kept].map((r) => r.headers.get("x-request-id") ?? "");
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    const [key = ""] = await keptFor(path);
    expect((await readPageCopy(env.KV, key))?.headers.map(([name]) => name)).not.toContain("x-request-id");
  });

  it("is found again with tracking and made-up parameters", async () => {
    await page("/crypto-101");
    missTheColo();
    const render = vi.spyOn(ssr, "renderPage");
    for (const query of ["?utm_source=newsletter&utm_medium=email", "?fbclid=IwAR0abc&gclid=Cj0", `?${crypto.randomUUID()}=1`]) {
      forgetColoMemory();
      expect(from(await page(`/crypto-101${query}`)), query).toBe("KV");
    }
    expect(render).not.toHaveBeenCalled();
    expect(await keptFor("/crypto-101")).toHaveLength(1);
  });

  it("is rendered once more, and kept under a new key, after a content write", async () => {
    await page("/crypto-101");
    await invalidateContentCache(env);
    missTheColo();
    const render = vi.spyOn(ssr, "renderPage");
    expect(from(await page("/crypto-101"))).toBe("MISS");
    forgetColoMemory();
    expect(from(await page("/crypto-101"))).toBe("KV");
    expect(render).toHaveBeenCalledTimes(1);
    expect(await keptFor("/crypto-101")).toHaveLength(2);
  });

  it("is kept per price tick for a page of prices, and across ticks for a page without", async () => {
    await page("/");
    await page("/crypto-101");
    const snapshot = await readSnapshot(env.KV);
    if (!snapshot) throw new Error("no price snapshot");
    await writeSnapshot(env.KV, { ...snapshot, updatedAt: new Date(Date.parse(snapshot.updatedAt) + 30_000).toISOString() });
    missTheColo();
    const render = vi.spyOn(ssr, "renderPage");
    expect(from(await page("/"))).toBe("MISS");
    expect(from(await page("/crypto-101"))).toBe("KV");
    forgetColoMemory();
    expect(from(await page("/"))).toBe("KV");
    expect(render).toHaveBeenCalledTimes(1);
  });

  it("is never read or written for a member's page", async () => {
    await page("/markets");
    const get = vi.spyOn(env.KV, "get");
    const put = vi.spyOn(env.KV, "put");
    missTheColo();
    const member = await page("/markets", { cookie: "coinsight_member=1" });
    expect(from(member)).toBeNull();
    expect(await member.text()).not.toContain('id="ssr-state"');
    const pageKeys = (spy: typeof get | typeof put) => spy.mock.calls.filter(([key]) => String(key).startsWith(PAGE_KV_PREFIX));
    expect(pageKeys(get)).toEqual([]);
    expect(pageKeys(put)).toEqual([]);
  });

  it("never keeps a missing page", async () => {
    for (const path of ["/coin/notacoin", "/article/no-such-article", "/categories/no-such-category"]) {
      expect((await page(path)).status, path).toBe(404);
    }
    expect((await kvPageKeys()).filter((k) => k.includes("no-such") || k.includes("notacoin"))).toEqual([]);
  });
});

describe("pages rendered ahead of readers", () => {
  it("publishing an article renders its page and `/` for the new content version", async () => {
    const draft = await insertArticle({ slug: "published-ahead", status: "draft", publishedAt: null });
    const admin = await signedIn("chief@example.com", { PUBLIC_ORIGIN: ORIGIN });
    const render = vi.spyOn(ssr, "renderPage");
    expect((await send(admin, "POST", `/api/admin/articles/${draft.id}/publish`)).status).toBe(200);
    await vi.waitFor(async () => expect(render).toHaveBeenCalledTimes(2), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await keptFor("/article/published-ahead")).toHaveLength(1));

    missTheColo();
    expect(from(await page("/article/published-ahead"))).toBe("KV");
    expect(from(await page("/"))).toBe("KV");
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("a price tick renders `/` and `/markets` for the new tick, compressed at zlib's default level", async () => {
    const stub = priceFeed(env);
    const render = vi.spyOn(ssr, "renderPage");
    const compress = vi.spyOn(zlib, "gzipSync");
    // The tick as the alarm runs it, with the deployment's public origin.
    await runInDurableObject(stub, async (feed: PriceFeedBase) => {
      Object.assign(feed, { env: siteEnv });
      await feed.alarm();
    });
    await vi.waitFor(async () => expect(render).toHaveBeenCalledTimes(2), { timeout: 20_000 });
    const tick = (await readSnapshot(env.KV))?.updatedAt;
    await vi.waitFor(async () => {
      for (const path of ["/", "/markets"]) expect((await keptFor(path)).filter((k) => tick && k.includes(tick))).toHaveLength(1);
    });

    expect(compress.mock.calls.length).toBeGreaterThanOrEqual(2);
    for (const [, options] of compress.mock.calls) expect(options).toEqual({ level: GZIP_LEVEL.kept });

    missTheColo();
    expect(from(await page("/"))).toBe("KV");
    expect(from(await page("/markets"))).toBe("KV");
    expect(render).toHaveBeenCalledTimes(2);
  });
});
