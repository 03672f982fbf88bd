import type { BrowserContext, Page } from "playwright-core";
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

/** Under the price lists' 30-second poll (PRICE_REFRESH_MS), with room for the poll's own jitter. */
const FIRST_LOAD_MS = 25_000;
type Visit = { path: string; hints: Hint[]; requested: string[]; warnings: string[]; errors: string[] };

/** Records what the app itself asks `fetch` for, whether the answer then comes from a preload or the network. */
function recordAppFetches(): void {
  const calls: string[] = [];
  (window as unknown as { appFetches: string[] }).appFetches = calls;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href);
    calls.push(url.pathname + url.search);
    return original(input, init);
  };
}

const appFetches = (page: Page) => page.evaluate(() => (window as unknown as { appFetches: string[] }).appFetches ?? []);

/** The style sheets the page applies: linked ones, and those written into it (`<style data-href>`). */
const appliedSheets = (page: Page) =>
  page.evaluate(() => [
    ...Array.from(document.styleSheets).flatMap((sheet) => (sheet.href ? [new URL(sheet.href).pathname] : [])),
    ...Array.from(document.querySelectorAll("style[data-href]")).map((el) => el.getAttribute("data-href") ?? ""),
  ]);

/** Chromium's warning names the URL it preloaded; the path and query, as hints and requests are kept. */
function warnedPath(warning: string): string | undefined {
  const url = warning.match(/https?:\/\/\S+?(?=\s|$)/)?.[0];
  return url ? new URL(url).pathname + new URL(url).search : undefined;
}

/**
 * Opens the pages one at a time (pages loading at once on a busy machine could miss Chromium's few
 * seconds), keeps each open, and answers what each carried once loaded, requested and warned.
 * Chromium warns a few seconds after a page's load about a preload nobody used: one wait after the
 * last load covers every page, each open since its own load.
 */
async function visitAll(paths: string[], member: boolean): Promise<Visit[]> {
  const visits: Visit[] = [];
  const pages: Page[] = [];
  const contexts: BrowserContext[] = [];
  for (const path of paths) {
    const { page, context, errors } = await openPage(browser());
    contexts.push(context);
    // A member's page is rendered by the browser (the hint cookie; no session, so the page is a guest's).
    if (member) await context.addCookies([{ name: "coinsight_member", value: "1", url: baseURL() }]);
    await context.addInitScript(recordAppFetches);
    const visit: Visit = { path, hints: [], requested: [], warnings: [], errors };
    page.on("console", (m) => {
      if (/preload/i.test(m.text())) visit.warnings.push(m.text());
    });
    // A page's own load only: the price lists poll every 30 s, and on a busy machine the visits outlast
    // that, so a poll would read as a hint fetched twice. A mismatched hint's second fetch comes at load.
    const opened = Date.now();
    page.on("request", (r) => {
      if (Date.now() - opened < FIRST_LOAD_MS) visit.requested.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto(path, { waitUntil: "networkidle" });
    visit.hints = await page.$$eval('link[rel="preload"], link[rel="modulepreload"]', (links) =>
      links.map((l) => {
        const url = new URL((l as HTMLLinkElement).href);
        return { rel: l.getAttribute("rel"), as: l.getAttribute("as"), href: url.pathname + url.search };
      }),
    );
    // Every answer the page announced is one the app asks for: waited for, as a loaded machine runs the app late.
    const announced = visit.hints.filter((h) => h.as === "fetch").map((h) => h.href);
    await expect
      .poll(
        async () => {
          const asked = await appFetches(page);
          return announced.filter((href) => !asked.includes(href));
        },
        { message: path },
      )
      .toEqual([]);
    // And every sheet it preloaded is one the page applies (the app applies a page's sheets with its chunk).
    const preloadedSheets = visit.hints.filter((h) => h.as === "style").map((h) => h.href);
    await expect
      .poll(
        async () => {
          const applied = await appliedSheets(page);
          return preloadedSheets.filter((href) => !applied.includes(href));
        },
        { message: `${path}: preloaded sheets applied` },
      )
      .toEqual([]);
    visits.push(visit);
    pages.push(page);
  }
  await new Promise((resolve) => setTimeout(resolve, 3500));
  for (const [i, visit] of visits.entries()) {
    // A preload the app asked for or applied after Chromium's few seconds was used late (a busy machine), not
    // wrongly: a hint that does not match the app's request is fetched twice, which the request counts catch,
    // and a sheet never applied is caught by the wait above.
    const used = [...(await appFetches(pages[i] as Page)), ...(await appliedSheets(pages[i] as Page))];
    visit.warnings = visit.warnings.filter((w) => !used.includes(warnedPath(w) ?? ""));
  }
  await Promise.all(contexts.map((c) => c.close()));
  return visits;
}

describe("preload hints in the pages' HTML", () => {
  // Six pages, each loaded and counted: 57 s in a loaded run, 60 s beside a second suite. A hang guard, not a speed.
  it("a member's page (the browser renders it): announced modules and answers are fetched once, with no preload warning", {
    timeout: 240_000,
  }, async () => {
    const paths = ["/", "/markets", "/coin/btc", "/crypto-101", "/subscribe", await anArticle()];
    // The plain shell (a page the Worker does not hint) carries only the entry's own modulepreloads.
    const plain = await (await fetch(`${baseURL()}/news`)).text();
    const entryModules = plain.match(/rel="modulepreload"/g)?.length ?? 0;
    for (const { path, hints, requested, warnings, errors } of await visitAll(paths, true)) {
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
    for (const { path, hints, requested, warnings, errors } of await visitAll(["/", "/markets", "/coin/btc", await anArticle()], false)) {
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
