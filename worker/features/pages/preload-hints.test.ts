import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import indexHtml from "#web/index.html?raw";
import { insertArticle } from "#worker/test/articles.ts";
import { call } from "#worker/test/http.ts";
import { readHead } from "#worker/test/parse.ts";
import { forgetRouteModules } from "./preload-hints.ts";

const modules = {
  home: { js: ["/assets/home-1.js", "/assets/card-1.js"], css: ["/assets/card-1.css"] },
  markets: { js: ["/assets/markets-1.js"], css: [] },
  coin: { js: ["/assets/coin-1.js"], css: [] },
  article: { js: ["/assets/article-1.js"], css: [] },
};

function serveAssets(withModules: boolean) {
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/") return new Response(indexHtml, { headers: { "content-type": "text/html" } });
    if (url.pathname === "/route-modules.json" && withModules) return Response.json(modules);
    return new Response("Not found", { status: 404 });
  });
}

/** A member's page: the browser renders it (a guest's is rendered by the Worker: server-render.test.ts). */
async function hints(path: string) {
  const res = await call(path, { headers: { accept: "text/html", cookie: "coinsight_member=1" } });
  const html = await res.text();
  const { links } = await readHead(html);
  return { res, html, links, data: links.filter((l) => l.as === "fetch") };
}

beforeEach(() => forgetRouteModules());
afterEach(() => vi.restoreAllMocks());

describe("preload hints in the HTML of a page the browser renders", () => {
  it("home: its modules, its styles and the answers it shows first, fetched with the page's credentials", async () => {
    serveAssets(true);
    const { res, html, links, data } = await hints("/");
    expect(res.status).toBe(200);
    expect(html).toContain("<title>Coinsight: crypto news, prices and sentiment analysis</title>");
    expect(links.filter((l) => l.rel === "modulepreload").map((l) => l.href)).toEqual(expect.arrayContaining(modules.home.js));
    expect(links).toContainEqual(expect.objectContaining({ rel: "preload", as: "style", href: "/assets/card-1.css" }));
    expect(data.map((l) => l.href)).toEqual([
      "/api/categories/daily-roundup/articles?limit=1",
      "/api/categories/trending-analysis/articles?limit=6",
      "/api/cryptos?limit=10",
      "/api/guides",
      "/api/cryptos/gainers",
      "/api/cryptos/losers",
      "/api/articles/trending?limit=12",
      "/api/site-status",
      "/api/market/global",
    ]);
    expect(data.every((l) => l.crossorigin === "use-credentials")).toBe(true);
  });

  it("markets: the Top 500's first page, and no table hint for another tab", async () => {
    serveAssets(true);
    expect((await hints("/markets")).data.map((l) => l.href)).toContain("/api/cryptos?page=1&limit=100&fromDb=true");
    expect((await hints("/markets?tab=gainers")).data.map((l) => l.href)).toEqual(["/api/site-status", "/api/market/global"]);
  });

  it("a coin: the symbol as the address spells it, the mapping in capitals", async () => {
    serveAssets(true);
    const { data } = await hints("/coin/btc");
    expect(data.map((l) => l.href)).toEqual(
      expect.arrayContaining(["/api/cryptos/btc?fromDb=true", "/api/tradingview-mappings/BTC", "/api/cryptos/btc/articles?limit=5"]),
    );
  });

  it("an article: the article, its related items and its coin's price chip; a missing one gets no hints", async () => {
    serveAssets(true);
    await insertArticle({ slug: "hinted-sol", title: "Solana hint", cryptoName: "Solana", cryptoSymbol: "sol", rank: 5 });
    const { data } = await hints("/article/hinted-sol");
    expect(data.map((l) => l.href)).toEqual(
      expect.arrayContaining(["/api/articles/hinted-sol", "/api/articles/hinted-sol/related?limit=3", "/api/cryptos/SOL"]),
    );
    const missing = await hints("/article/no-such-article");
    expect(missing.res.status).toBe(404);
    expect(missing.data).toEqual([]);
  });

  it("without the build's module list: still the data hints, no module hints, and the list is read again later", async () => {
    serveAssets(false);
    const first = await hints("/crypto-101");
    expect(first.data.map((l) => l.href)).toContain("/api/guides");
    expect(first.links.filter((l) => l.rel === "modulepreload")).toEqual([]);
    vi.restoreAllMocks();
    serveAssets(true);
    expect((await hints("/markets")).links.some((l) => l.href === "/assets/markets-1.js")).toBe(true);
  });
});
