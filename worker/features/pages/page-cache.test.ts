import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import indexHtml from "#web/index.html?raw";
import { invalidateContentCache } from "#worker/features/content/index.ts";
import { EDGE_CACHE_HEADER } from "#worker/lib/public-cache.ts";
import { call } from "#worker/test/http.ts";
import { forgetRouteModules } from "./preload-hints.ts";
import { forgetShell } from "./shell.ts";

let build: string;
let shellReads = 0;

beforeEach(() => {
  forgetRouteModules();
  // Each test its own build, so no test meets another's cached pages.
  build = `"${crypto.randomUUID()}"`;
  shellReads = 0;
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/") {
      shellReads++;
      return new Response(indexHtml, {
        headers: { "content-type": "text/html; charset=utf-8", etag: build, "cache-control": "public, max-age=0, must-revalidate" },
      });
    }
    if (url.pathname === "/route-modules.json") return Response.json({});
    return new Response("Not found", { status: 404 });
  });
});
afterEach(() => vi.restoreAllMocks());

const page = (path: string, cookie?: string) => call(path, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });

/** The second answer once the first one's copy is in the colo's cache (it is written after answering). */
async function untilHit(path: string): Promise<Response> {
  let res: Response | undefined;
  await vi.waitFor(async () => {
    res = await page(path);
    expect(res.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
  });
  return res as Response;
}

describe("a guest's rendered page in the colo's cache", () => {
  it("is rendered once, then answered from the cache with the same page and the headers a page needs", async () => {
    const first = await page("/");
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    const body = await first.text();
    expect(body).toContain('id="ssr-state"');

    const hit = await untilHit("/");
    expect(await hit.text()).toBe(body);
    expect(hit.headers.get("content-type")).toBe("text/html; charset=utf-8");
    // The browser's own lifetime, not the colo's, and the Vary that keeps a member off a guest's copy.
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(hit.headers.get("vary")).toContain("Cookie");
    expect(hit.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("is made again after a content edit and after a deployment", async () => {
    await page("/crypto-101");
    await untilHit("/crypto-101");
    await invalidateContentCache(env);
    expect((await page("/crypto-101")).headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    await untilHit("/crypto-101");
    // A deployment: new isolates, which read the new shell.
    build = `"${crypto.randomUUID()}"`;
    forgetShell();
    expect((await page("/crypto-101")).headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
  });

  it("is never used for a member or a missing page", async () => {
    await page("/markets");
    await untilHit("/markets");
    const member = await page("/markets", "coinsight_member=1");
    expect(member.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect(await member.text()).not.toContain('id="ssr-state"');

    for (let i = 0; i < 2; i++) {
      const missing = await page("/coin/notacoin");
      expect(missing.status).toBe(404);
      expect(missing.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    }
  });

  it("keeps a page's own parameters apart, and a Top 500 page the server does not render out of it", async () => {
    const sorted = await page("/markets?sort=change24h&order=desc");
    expect(sorted.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    expect(await (await untilHit("/markets?order=desc&sort=change24h")).text()).toBe(await sorted.text());
    // Another sort is another page.
    expect((await page("/markets?sort=price&order=desc")).headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    // Page 9 of the Top 500 does not exist: the browser shows it, the server renders nothing.
    const beyond = await page("/markets?page=9");
    expect(beyond.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect(await beyond.text()).not.toContain('id="ssr-state"');
  });

  // A longer limit: on a busy machine, importing the page renderer's module here can take seconds.
  it("stays out of the cache when the render fell back to the shell", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const ssr = await import("coinsight-ssr");
    vi.spyOn(ssr, "renderPage").mockRejectedValue(new Error("render broke"));
    const res = await page("/subscribe");
    expect(res.status).toBe(200);
    expect(res.headers.get(EDGE_CACHE_HEADER)).toBeNull();
    expect(shellReads).toBe(1);
  }, 30_000);
});
