import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Crypto } from "#schema/contracts/crypto.ts";
import indexHtml from "#web/index.html?raw";
import { app } from "#worker/app.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call, getJson, ORIGIN } from "#worker/test/http.ts";
import { all, parseXml, readHead, textOf } from "#worker/test/parse.ts";
import { sitemapLocs } from "#worker/test/sitemaps.ts";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const crumbNames = (data: Record<string, unknown> | undefined) => ((data?.itemListElement ?? []) as { name: string }[]).map((i) => i.name);
const HOSTILE_TITLE = 'Bitcoin "surges" </title><script>alert(1)</script> & more';

beforeAll(async () => {
  // The built SPA is not part of the worker tests: the assets binding answers with the source index.html
  // and the kind of headers web/public/_headers gives it.
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(indexHtml, {
      headers: { "content-type": "text/html", "content-security-policy": "default-src 'self'", etag: '"shell-v1"' },
    });
  });
  await insertArticle({
    slug: "sol-social-momentum",
    title: "Solana leads social momentum",
    excerpt: "Solana's social volume doubled while its price held steady.",
    categoryId: 17,
    cryptoName: "Solana",
    cryptoSymbol: "SOL",
    rank: 6,
    publishedAt: hoursAgo(2),
    imageUrl: "/images/covers/trending-analysis.svg",
    sourcesJson: JSON.stringify([
      { name: "CoinGecko", url: "https://www.coingecko.com", role: "market", kind: "live", asOf: "2026-11-22T06:00:00.000Z" },
      { name: "LunarCrush", url: "https://lunarcrush.com", role: "social", kind: "live", asOf: "2026-11-22T06:02:00.000Z" },
      { name: "AI model gpt-4o-mini", role: "writer", kind: "ai", model: "gpt-4o-mini" },
    ]),
  });
  await insertArticle({ slug: "hostile-title", title: HOSTILE_TITLE, excerpt: "Fish & chips <b>bold</b>", publishedAt: hoursAgo(3) });
  await insertArticle({
    slug: "with-seo",
    categoryId: 18,
    publishedAt: hoursAgo(4),
    seoJson: JSON.stringify({
      metaTags: { title: "Custom SEO title", description: "Custom SEO description", keywords: "bitcoin, etf" },
      structuredData: { "@type": "AnalysisNewsArticle", "@context": "http://evil.test" },
    }),
  });
  await insertArticle({ slug: "what-is-a-wallet", title: "What Is a Wallet?", categoryId: 20, publishedAt: hoursAgo(48) });
  await insertArticle({ slug: "secret-draft", status: "draft", publishedAt: null });
  await insertArticle({ slug: "binned", deletedAt: hoursAgo(1) });
});

afterAll(() => vi.restoreAllMocks());

async function page(path: string) {
  const res = await call(path);
  const html = await res.text();
  return { res, html, head: await readHead(html) };
}

describe("edge-filled <head>", () => {
  it("an analysis gets title, description, canonical, Open Graph, Twitter and NewsArticle JSON-LD", async () => {
    const { res, html, head } = await page("/article/sol-social-momentum");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(res.headers.get("etag")).toBeNull();
    // A guest's page arrives rendered (server-render.test.ts).
    expect(html).toMatch(/<div id="root"><a class="visually-hidden" href="#main">/);

    expect(head.title).toBe("Solana leads social momentum | Coinsight");
    expect(head.meta.get("description")).toBe("Solana's social volume doubled while its price held steady.");
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(`${ORIGIN}/article/sol-social-momentum`);
    expect(head.meta.get("og:type")).toBe("article");
    expect(head.meta.get("og:title")).toBe("Solana leads social momentum");
    expect(head.meta.get("og:url")).toBe(`${ORIGIN}/article/sol-social-momentum`);
    expect(head.meta.get("og:image")).toBe(`${ORIGIN}/images/covers/trending-analysis.jpg`);
    expect(head.meta.get("twitter:card")).toBe("summary_large_image");
    expect(head.meta.get("twitter:image")).toBe(head.meta.get("og:image"));
    expect(head.meta.get("article:section")).toBe("Trending Analysis");

    const [article, crumbs] = head.jsonLd;
    expect(article).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Solana leads social momentum",
      mainEntityOfPage: { "@id": `${ORIGIN}/article/sol-social-momentum` },
      about: { name: "Solana" },
      // How it was produced: the newsroom, the model, the data it is based on, the methodology.
      author: { "@type": "Organization", name: "Coinsight Newsroom" },
      creditText: "AI-written (gpt-4o-mini), figures machine-checked",
      publishingPrinciples: `${ORIGIN}/methodology`,
      isBasedOn: [
        { "@type": "Dataset", name: "CoinGecko", url: "https://www.coingecko.com", dateModified: "2026-11-22T06:00:00.000Z" },
        { "@type": "Dataset", name: "LunarCrush", url: "https://lunarcrush.com", dateModified: "2026-11-22T06:02:00.000Z" },
      ],
    });
    expect(Date.parse(String(article?.datePublished))).toBeGreaterThan(0);
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
    expect(crumbNames(crumbs)).toEqual(["Home", "News", "Solana leads social momentum"]);
    // The site-wide feed link of index.html is still there.
    expect(head.links.some((l) => l.rel === "alternate" && l.href === "/rss.xml")).toBe(true);
  });

  it("a guide is an Article under /crypto-101, also when opened at /article/{slug}", async () => {
    for (const path of ["/crypto-101/what-is-a-wallet", "/article/what-is-a-wallet"]) {
      const { res, head } = await page(path);
      expect(res.status).toBe(200);
      expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(`${ORIGIN}/crypto-101/what-is-a-wallet`);
      expect(head.jsonLd[0]).toMatchObject({ "@type": "Article", headline: "What Is a Wallet?" });
      expect(crumbNames(head.jsonLd[1])[1]).toBe("Crypto 101");
    }
  });

  it("uses the article's _seo where present, keeping the schema.org context", async () => {
    const { head } = await page("/article/with-seo");
    expect(head.title).toBe("Custom SEO title | Coinsight");
    expect(head.meta.get("description")).toBe("Custom SEO description");
    expect(head.meta.get("keywords")).toBe("bitcoin, etf");
    expect(head.jsonLd[0]).toMatchObject({ "@type": "AnalysisNewsArticle", "@context": "https://schema.org" });
  });

  it("escapes hostile titles: the text survives, no markup is injected", async () => {
    const { html, head } = await page("/article/hostile-title");
    expect(head.title).toBe(`${HOSTILE_TITLE} | Coinsight`);
    expect(head.meta.get("og:title")).toBe(HOSTILE_TITLE);
    expect(head.meta.get("og:description")).toBe("Fish & chips <b>bold</b>");
    expect(head.jsonLd[0]?.headline).toBe(HOSTILE_TITLE);
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it.each([
    ["/article/secret-draft"],
    ["/article/binned"],
    ["/article/no-such-article"],
    ["/article/Not_A_Slug"],
    ["/crypto-101/no-such-guide"],
  ])("%s answers 404 with noindex and still the SPA", async (path) => {
    const { res, html, head } = await page(path);
    expect(res.status).toBe(404);
    expect(head.meta.get("robots")).toBe("noindex");
    expect(head.title).toBe("Article not found | Coinsight");
    expect(html).toContain('<div id="root"></div>');
  });

  it("a coin page's description carries its live price", async () => {
    const { body: btc } = await getJson<Crypto>("/api/cryptos/btc");
    const { res, head } = await page("/coin/btc");
    expect(res.status).toBe(200);
    expect(head.title).toBe("Bitcoin (BTC) Price, Market Cap and Analysis | Coinsight");
    expect(head.meta.get("description")).toContain(`Bitcoin (BTC) is trading at ${btc.price}`);
    expect(head.meta.get("description")).toContain("rank #1");
    expect(head.links.find((l) => l.rel === "canonical")?.href).toBe(`${ORIGIN}/coin/btc`);
    expect((await page("/coin/notacoin")).res.status).toBe(404);
  });

  it("a category page links its own feed", async () => {
    const { head } = await page("/categories/daily-roundup");
    expect(head.title).toBe("Daily Roundup | Coinsight");
    expect(head.links.find((l) => l.rel === "alternate" && l.href.endsWith("/categories/daily-roundup/rss.xml"))).toMatchObject({
      type: "application/rss+xml",
      title: "Coinsight: Daily Roundup",
    });
    expect((await page("/categories/opinion")).res.status).toBe(404);
  });

  it("other paths the Worker runs first for fall through to the assets", async () => {
    expect((await call("/categories/daily-roundup/extra")).status).toBe(404);
    expect(env.ASSETS.fetch).toHaveBeenCalled();
  });
});

describe("feeds, sitemap and robots.txt", () => {
  it("/rss.xml is valid RSS 2.0 of the news, newest first", async () => {
    const res = await call("/rss.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/rss+xml");
    const rss = parseXml(await res.text());
    expect(rss.name).toBe("rss");
    expect(rss.attrs.version).toBe("2.0");
    const [channel] = all(rss, "channel");
    if (!channel) throw new Error("no channel");
    expect(channel.children.find((c) => c.name === "link")?.text).toBe(`${ORIGIN}/news`);
    expect(all(channel, "atom:link")[0]?.attrs.href).toBe(`${ORIGIN}/rss.xml`);
    const items = all(channel, "item");
    const titles = items.map((item) => textOf(item, "title"));
    expect(titles.slice(0, 2)).toEqual(["Solana leads social momentum", HOSTILE_TITLE]);
    expect(titles[2]).toMatch(/^Bitcoin holds steady/);
    expect(titles).toHaveLength(3);
    for (const item of items) {
      expect(textOf(item, "link")).toMatch(new RegExp(`^${ORIGIN}/article/`));
      expect(textOf(item, "guid")).toBe(textOf(item, "link"));
      expect(all(item, "guid")[0]?.attrs.isPermaLink).toBe("true");
      expect(Number.isNaN(Date.parse(textOf(item, "pubDate") ?? ""))).toBe(false);
    }
    // Offline, each item says its figures are replayed and modelled: a feed reader shows no site notice.
    expect(textOf(items[1] as never, "description")).toBe(
      "Fish & chips <b>bold</b> (Demo: figures from CoinGecko data recorded 30 April 2026, replayed; social figures modelled.)",
    );
  });

  it("/rss.xml items carry no replay label with live market data", async () => {
    const res = await app.request("/rss.xml", {}, { ...env, COINGECKO_API_KEY: "k" });
    const items = all(parseXml(await res.text()), "item");
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(textOf(item, "description")).not.toContain("Demo:");
  });

  it("/categories/{slug}/rss.xml has that category only; an unknown one is 404", async () => {
    const rss = parseXml(await (await call("/categories/crypto-101/rss.xml")).text());
    expect(all(rss, "item").map((item) => textOf(item, "link"))).toEqual([`${ORIGIN}/crypto-101/what-is-a-wallet`]);
    expect((await call("/categories/opinion/rss.xml")).status).toBe(404);
  });

  it("the sitemaps list pages, public articles and coins, and nothing hidden", async () => {
    const locs = await sitemapLocs();
    for (const path of [
      "/",
      "/news",
      "/crypto-101",
      "/article/sol-social-momentum",
      "/crypto-101/what-is-a-wallet",
      "/coin/btc",
      "/coin/eth",
    ]) {
      expect(locs).toContain(`${ORIGIN}${path}`);
    }
    expect(locs.some((l) => l.includes("secret-draft") || l.includes("binned"))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("/robots.txt points at the sitemap and keeps crawlers out of private areas", async () => {
    const res = await call("/robots.txt");
    expect(res.headers.get("content-type")).toContain("text/plain");
    const lines = (await res.text()).split("\n");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /api/");
  });
});

describe("security headers outside the API", () => {
  it.each(["/rss.xml", "/sitemap.xml", "/robots.txt", "/categories/daily-roundup/rss.xml"])(
    "%s carries the security headers and a locked-down CSP",
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8,}; includeSubDomains/);
      expect(res.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    },
  );

  it("pages whose <head> is filled at the edge keep the shell's CSP and add HSTS", async () => {
    const res = await call("/article/sol-social-momentum");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8,}; includeSubDomains/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("API answers carry HSTS for a year too", async () => {
    expect((await call("/api/categories")).headers.get("strict-transport-security")).toMatch(/max-age=31536000; includeSubDomains/);
  });
});
