import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { SSR_STATE_ID, type SsrState } from "#schema/contracts/server-render.ts";
import indexHtml from "#web/index.html?raw";
import { insertArticle } from "#worker/test/articles.ts";
import { call, getJson, ORIGIN } from "#worker/test/http.ts";
import { isSharedRead } from "./page-reads.ts";
import { forgetRouteModules } from "./preload-hints.ts";

const SHEET = "._card_1{color:#123}";
const modules = { home: { js: ["/assets/home-1.js"], css: ["/assets/card-1.css"] } };

function serveAssets() {
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/") return new Response(indexHtml, { headers: { "content-type": "text/html" } });
    if (url.pathname === "/route-modules.json") return Response.json(modules);
    if (url.pathname === "/assets/card-1.css") return new Response(SHEET, { headers: { "content-type": "text/css" } });
    return new Response("Not found", { status: 404 });
  });
}

async function html(path: string, cookie?: string) {
  const res = await call(path, { headers: { accept: "text/html", ...(cookie ? { cookie } : {}) } });
  return { res, html: await res.text() };
}

function stateOf(page: string): SsrState {
  const json = page.match(new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">([^<]*)</script>`))?.[1];
  if (!json) throw new Error("no state in the page");
  return JSON.parse(json) as SsrState;
}

type Dehydrated = { queries: { queryKey: unknown[]; state: { data: unknown } }[] };

beforeEach(() => {
  forgetRouteModules();
  serveAssets();
});
afterEach(() => vi.restoreAllMocks());

describe("pages the Worker renders for a guest", () => {
  it("home arrives with its sections, the answers they show, its sheets written in and its scripts after the first paint", async () => {
    const { res, html: page } = await html("/");
    expect(res.status).toBe(200);
    expect(res.headers.get("vary")).toContain("Cookie");
    expect(page).toMatch(/<div id="root"><a class="visually-hidden" href="#main">Skip to content<\/a>/);
    expect(page).toContain('<h2 id="daily-roundup-title">Daily Roundup');
    expect(page).toContain('<h2 id="top-ten-title">Crypto Top 10');
    // The markup and the state are spliced where the rewriter marked them: the state right after #root.
    expect(page).toMatch(new RegExp(`</main>[\\s\\S]*</div>\\n    <script type="application/json" id="${SSR_STATE_ID}">`));
    expect(page).not.toContain("<!--coinsight:");

    const queries = (stateOf(page).queries as Dehydrated).queries;
    // A guest's page: the member query is answered "signed out", and nothing personal is in it.
    expect(queries.find((q) => JSON.stringify(q.queryKey) === '["auth","user"]')?.state.data).toBeNull();
    expect(queries.length).toBeGreaterThan(5);

    expect(page).toContain(`<style data-href="/assets/card-1.css">${SHEET}</style>`);
    // A disabled <link> in the markup would be fetched by Chromium 150: web/public/hydrate.js adds it.
    expect(page).not.toMatch(/<link [^>]*href="\/assets\/card-1.css"/);
    expect(page).toContain('<script src="/hydrate.js" data-entry="./main.tsx" data-modules="/assets/home-1.js" defer></script>');
    expect(page).not.toMatch(/<script type="module"/);
    // The answers are in the page: nothing to announce.
    expect(page).not.toContain('as="fetch"');
  });

  it("a member's page is the browser's: the plain shell and its hints", async () => {
    const { html: page } = await html("/", "coinsight_member=1");
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain(SSR_STATE_ID);
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/guides">');
  });

  it("a coin page shows the price of the Worker's own answer", async () => {
    const { body: btc } = await getJson<Crypto>("/api/cryptos/btc?fromDb=true");
    const { html: page } = await html("/coin/btc");
    expect(page).toMatch(/<h1[^>]*>.*Bitcoin/);
    const coin = (stateOf(page).queries as Dehydrated).queries.find((q) => (q.state.data as Crypto | null)?.symbol === "BTC");
    expect((coin?.state.data as Crypto | undefined)?.price).toBe(btc.price);
  });

  it("an article's title cannot close the state's script, and its body is left to the browser's sanitiser", async () => {
    const title = "Breaking </script><script>alert(1)</script> news";
    await insertArticle({ slug: "script-in-title", title });
    const { res, html: page } = await html("/article/script-in-title");
    expect(res.status).toBe(200);
    expect(page).not.toContain("<script>alert(1)");
    expect(page).toContain("Breaking &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; news");
    expect(JSON.stringify(stateOf(page))).toContain(title);
    expect(page).toMatch(/data-testid="article-body" aria-busy="true"/);
  });

  it("keeps every character of a title outside Latin-1 (encoded piece by piece into the page)", async () => {
    const title = "Ether → 4 000 € — 日本の投資家 📈";
    await insertArticle({ slug: "unicode-title", title });
    const { res, html: page } = await html("/article/unicode-title");
    expect(res.status).toBe(200);
    expect(page).toContain(`<h1`);
    expect(page).toContain(title);
    expect(stateOf(page).queries).toBeDefined();
    expect(JSON.stringify(stateOf(page))).toContain(title);
    expect(page.trimEnd().endsWith("</html>")).toBe(true);
  });

  it.each([
    ["/privacy", "Privacy Policy", "Newsletter data is kept until you unsubscribe"],
    ["/terms", "Terms of Service", "18 or over"],
    ["/cookies", "Cookie Policy", "we only use strictly necessary cookies"],
  ])("%s arrives with its text, rendered when the app was built", async (path, title, text) => {
    const { res, html: page } = await html(path);
    expect(res.status).toBe(200);
    expect(page).toContain(`<h1 id="legal-title">${title}</h1>`);
    expect(page).toContain(text);
  });
});

describe("the reads a render may make", () => {
  const page = new URL(`${ORIGIN}/coin/btc`);
  const at = (path: string) => new URL(path, page);

  it("answers the reads that are the same for everyone", () => {
    for (const path of [
      "/api/cryptos?limit=10",
      "/api/cryptos/btc?fromDb=true",
      "/api/cryptos/btc/articles?limit=5",
      "/api/guides",
      "/api/articles/some-slug/related?limit=3",
      "/api/categories/daily-roundup/articles?limit=1",
      "/api/site-status",
      "/api/market/global",
    ]) {
      expect(isSharedRead("GET", at(path), page), path).toBe(true);
    }
  });

  it("refuses a member's data, writes, a chart mapping and other sites", () => {
    expect(isSharedRead("GET", at("/api/auth/user"), page)).toBe(false);
    expect(isSharedRead("GET", at("/api/watchlist"), page)).toBe(false);
    expect(isSharedRead("GET", at("/api/ask-coinsight/quota"), page)).toBe(false);
    expect(isSharedRead("GET", at("/api/tradingview-mappings/BTC"), page)).toBe(false);
    expect(isSharedRead("POST", at("/api/guides"), page)).toBe(false);
    expect(isSharedRead("GET", new URL("https://elsewhere.example/api/guides"), page)).toBe(false);
  });
});
