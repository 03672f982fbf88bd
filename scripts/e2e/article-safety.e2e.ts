import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage } from "./browser.ts";
import { insertNews } from "./d1.ts";
import type { NewsRow } from "./news-fixtures.ts";

// Every payload sets window.pwned or calls alert if it ever runs.
const PAYLOADS = [
  "Plain text survives the sanitiser.",
  "<script>window.pwned = 'script'</script>",
  '<img src="/does-not-exist.png" onerror="window.pwned = \'onerror\'" alt="broken picture">',
  '<a id="js-link" href="javascript:window.pwned=\'href\'">click me</a>',
  "[markdown link](javascript:window.pwned='markdown')",
  "<svg onload=\"window.pwned='svg-onload'\"><script>window.pwned='svg-script'</script></svg>",
  '<svg><a href="javascript:window.pwned=\'svg-link\'"><text x="0" y="15">svg link</text></a></svg>',
  "<iframe srcdoc=\"<script>parent.pwned='iframe'</script>\"></iframe>",
  "<details open ontoggle=\"window.pwned='ontoggle'\"><summary>Details survive</summary>inside</details>",
  '<p style="background:url(javascript:alert(1))" onmouseover="window.pwned=\'hover\'">Hover text survives</p>',
  '<form action="javascript:window.pwned=\'form\'"><button id="form-button">Submit form</button></form>',
].join("\n\n");

const at = new Date(Date.now() - 3_600_000).toISOString();
const hostile = (slug: string, format: "markdown" | "html"): NewsRow => ({
  slug,
  title: `Hostile ${format} test article`,
  excerpt: "Content that tries to run script in the reader's browser.",
  content: PAYLOADS,
  contentFormat: format,
  categoryId: 20,
  imageUrl: "/images/covers/getting-started.svg",
  publishedAt: at,
});

const browser = browserForFile();
beforeAll(async () => {
  await insertNews([
    hostile("hostile-markdown", "markdown"),
    hostile("hostile-html", "html"),
    { ...hostile("unpublished-draft", "markdown"), status: "draft", title: "An unpublished draft" },
  ]);
});
describe("stored hostile content never runs", () => {
  it.each(["hostile-markdown", "hostile-html"])("%s: nothing executes and the text still reads", async (slug) => {
    // Without the CSP, only the sanitiser stands between the stored markup and the reader.
    const context = await browser().newContext({ baseURL: baseURL(), bypassCSP: true });
    const reader = await context.newPage();
    const errors: string[] = [];
    reader.on("pageerror", (e) => errors.push(e.message));
    const dialogs: string[] = [];
    reader.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await reader.goto(`/crypto-101/${slug}`);
    const body = reader.getByTestId("article-body");
    await body.getByText("Plain text survives the sanitiser.").waitFor();
    for (const text of ["click me", "markdown link", "Details survive", "Hover text survives"])
      await body.getByText(text).first().waitFor();

    await body.getByText("click me").click();
    await body.getByText("markdown link").click();
    await body.getByText("Hover text survives").hover();
    await reader.waitForLoadState("networkidle");

    expect(await reader.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const markup = await body.evaluate((el) => ({
      dangerous: el.querySelectorAll("script, iframe, svg, form, style").length,
      handlers: [...el.querySelectorAll("*")].flatMap((n) => [...n.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)),
      scriptUrls: [...el.querySelectorAll("[href], [src], [action]")].filter((n) =>
        ["href", "src", "action"].some((a) => n.getAttribute(a)?.toLowerCase().includes("javascript:")),
      ).length,
    }));
    expect(markup).toEqual({ dangerous: 0, handlers: [], scriptUrls: 0 });
    expect(new URL(reader.url()).pathname).toBe(`/crypto-101/${slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("pages machines read", () => {
  it("an edge-filled article page carries its head and keeps the security headers", async () => {
    const { page, context } = await openPage(browser());
    const res = await page.goto("/crypto-101/what-is-bitcoin");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-security-policy"]).toContain("default-src 'self'");
    expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
    const head = await page.evaluate(() => ({
      title: document.title,
      og: document.querySelector('meta[property="og:title"]')?.getAttribute("content"),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute("href"),
      feed: document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute("href"),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? "{}")["@type"]),
    }));
    expect(head.og).toBe("What Is Bitcoin? A Plain-English Introduction");
    expect(head.canonical).toMatch(/\/crypto-101\/what-is-bitcoin$/);
    expect(head.feed).toBe("/rss.xml");
    expect(head.jsonLd).toEqual(["Article", "BreadcrumbList"]);
    await page.getByRole("heading", { level: 1, name: "What Is Bitcoin? A Plain-English Introduction" }).waitFor();
    await context.close();
  });

  it("a draft is 404 for crawlers and 'Article not found' for readers", async () => {
    const { page, context } = await openPage(browser());
    const res = await page.goto("/crypto-101/unpublished-draft");
    expect(res?.status()).toBe(404);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await page.getByRole("heading", { name: "Article not found" }).waitFor();
    await context.close();
  });

  it("the feeds and the sitemaps are well-formed XML to a browser's parser", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/");
    const results = await page.evaluate(async () => {
      const out: Record<string, { ok: boolean; root: string; items: number }> = {};
      const counted: Record<string, string> = { "/sitemap.xml": "sitemap", "/sitemap-pages.xml": "url", "/sitemap-articles-1.xml": "url" };
      for (const path of [
        "/rss.xml",
        "/categories/security-safety/rss.xml",
        "/sitemap.xml",
        "/sitemap-pages.xml",
        "/sitemap-articles-1.xml",
      ]) {
        const doc = new DOMParser().parseFromString(await (await fetch(path)).text(), "application/xml");
        out[path] = {
          ok: doc.getElementsByTagName("parsererror").length === 0,
          root: doc.documentElement.nodeName,
          items: doc.getElementsByTagName(counted[path] ?? "item").length,
        };
      }
      return out;
    });
    expect(results["/rss.xml"]).toMatchObject({ ok: true, root: "rss" });
    expect(results["/categories/security-safety/rss.xml"]).toMatchObject({ ok: true, root: "rss", items: 5 });
    // An index of the pages-and-coins file and the articles' files.
    expect(results["/sitemap.xml"]).toMatchObject({ ok: true, root: "sitemapindex" });
    expect(results["/sitemap.xml"]?.items).toBeGreaterThanOrEqual(2);
    expect(results["/sitemap-pages.xml"]).toMatchObject({ ok: true, root: "urlset" });
    expect(results["/sitemap-pages.xml"]?.items).toBeGreaterThan(500);
    expect(results["/sitemap-articles-1.xml"]).toMatchObject({ ok: true, root: "urlset" });
    expect(results["/sitemap-articles-1.xml"]?.items).toBeGreaterThan(0);
    expect(await (await page.request.get("/robots.txt")).text()).toContain("Sitemap: ");
    await context.close();
  });
});
