import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import indexHtml from "#web/index.html?raw";
import { call } from "#worker/test/http.ts";
import { readHead } from "#worker/test/parse.ts";

beforeAll(() => {
  // As the assets layer answers with not_found_handling = "single-page-application": a file where one
  // exists, the SPA's shell (200) for any other address.
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/favicon.svg") return new Response("<svg/>", { headers: { "content-type": "image/svg+xml" } });
    return new Response(indexHtml, { headers: { "content-type": "text/html" } });
  });
});

afterAll(() => vi.restoreAllMocks());

describe("an address without a page", () => {
  it.each(["/nope", "/feed.xml", "/coin", "/markets/extra", "/admin/articles/12"])(
    "%s answers the app's not-found page with HTTP 404 and noindex",
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      const head = await readHead(html);
      expect(head.meta.get("robots")).toBe("noindex");
      expect(head.title).toBe("Page not found | Coinsight");
    },
  );

  it.each(["/news", "/search?q=btc", "/bear-invaders", "/account", "/methodology", "/admin/trash", "/unsubscribe"])(
    "%s, a page the app draws alone, still answers 200",
    async (path) => {
      expect((await call(path)).status).toBe(200);
    },
  );

  it("a static file is served as it is", async () => {
    const res = await call("/favicon.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
  });
});
