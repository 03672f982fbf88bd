import { describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage } from "./browser.ts";
import { generatedArticle } from "./d1.ts";

// Reads only. The Worker's hints (worker/features/pages/preload-hints.ts) name URLs the page will
// request; a hint that does not match exactly is fetched twice and Chromium warns about it.
const browser = browserForFile();

/** An article page: one of the day's Trending Analyses, which no journey changes (the newest article may be another file's). */
async function anArticle(): Promise<string> {
  return `/article/${(await generatedArticle(17)).slug}`;
}

type Hint = { rel: string | null; as: string | null; href: string };

/** Opens a page and returns the hints it carries once loaded, the URLs it requested and its warnings. */
async function visit(path: string, member: boolean) {
  const { page, context, errors } = await openPage(browser());
  // A member's page is rendered by the browser (the hint cookie; no session, so the page is a guest's).
  if (member) await context.addCookies([{ name: "coinsight_member", value: "1", url: baseURL() }]);
  const warnings: string[] = [];
  page.on("console", (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname + new URL(r.url()).search));
  await page.goto(path, { waitUntil: "networkidle" });
  const hints: Hint[] = await page.$$eval('link[rel="preload"], link[rel="modulepreload"]', (links) =>
    links.map((l) => {
      const url = new URL((l as HTMLLinkElement).href);
      return { rel: l.getAttribute("rel"), as: l.getAttribute("as"), href: url.pathname + url.search };
    }),
  );
  // Chromium warns a few seconds after load about a preload nobody used.
  await page.waitForTimeout(3500);
  await context.close();
  return { hints, requested, warnings, errors };
}

describe("preload hints in the pages' HTML", () => {
  it("a member's page (the browser renders it): announced modules and answers are fetched once, with no preload warning", async () => {
    const paths = ["/", "/markets", "/coin/btc", "/crypto-101", "/subscribe", await anArticle()];
    // The plain shell (a page the Worker does not hint) carries only the entry's own modulepreloads.
    const plain = await (await fetch(`${baseURL()}/news`)).text();
    const entryModules = plain.match(/rel="modulepreload"/g)?.length ?? 0;
    // One page at a time: pages loading at once on a busy machine can miss Chromium's few seconds.
    for (const path of paths) {
      const { hints, requested, warnings, errors } = await visit(path, true);
      const data = hints.filter((h) => h.as === "fetch").map((h) => h.href);
      expect(data, path).toContain("/api/site-status");
      if (path !== "/subscribe") expect(data.length, path).toBeGreaterThan(2);
      expect(hints.filter((h) => h.rel === "modulepreload").length, path).toBeGreaterThan(entryModules);
      for (const hint of hints) expect(requested.filter((u) => u === hint.href).length, `${path}: ${hint.href}`).toBe(1);
      expect(warnings, path).toEqual([]);
      expect(errors, path).toEqual([]);
    }
  });

  it("a guest's page (rendered by the Worker): no answer to announce, and the modules loaded after the paint are each fetched once", async () => {
    for (const path of ["/", "/markets", "/coin/btc", await anArticle()]) {
      const { hints, requested, warnings, errors } = await visit(path, false);
      expect(
        hints.filter((h) => h.as === "fetch"),
        path,
      ).toEqual([]);
      const modules = hints.filter((h) => h.rel === "modulepreload");
      expect(modules.length, path).toBeGreaterThan(3);
      // (React's own image preloads may share a URL with the icon link: only the modules are counted.)
      for (const hint of modules) expect(requested.filter((u) => u === hint.href).length, `${path}: ${hint.href}`).toBe(1);
      // The sheets are in the page: none is fetched, not even by the page's chunk.
      expect(
        requested.filter((u) => u.endsWith(".css")),
        path,
      ).toEqual([]);
      expect(warnings, path).toEqual([]);
      expect(errors, path).toEqual([]);
    }
  });
});
