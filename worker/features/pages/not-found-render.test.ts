import { env } from "cloudflare:test";
import * as ssr from "coinsight-ssr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import indexHtml from "#web/index.html?raw";
import { insertArticle } from "#worker/test/articles.ts";
import { call } from "#worker/test/http.ts";

beforeAll(async () => {
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(indexHtml, { headers: { "content-type": "text/html" } });
  });
  await insertArticle({ slug: "a-real-article", title: "A real article", publishedAt: new Date().toISOString() });
});

afterAll(() => vi.restoreAllMocks());

describe("a page that does not exist", () => {
  it("is answered 404 without rendering a page; a page that exists is rendered", async () => {
    const render = vi.spyOn(ssr, "renderPage");
    for (const path of ["/article/made-up-1", "/article/made-up-2", "/crypto-101/no-such-guide", "/coin/notacoin", "/categories/opinion"]) {
      expect((await call(path)).status, path).toBe(404);
    }
    expect(render).not.toHaveBeenCalled();
    expect((await call("/article/a-real-article")).status).toBe(200);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
