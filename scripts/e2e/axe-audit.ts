import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { type TaskKey, taskLabels } from "#schema/contracts/newsroom.ts";
import { runTodaysPipeline } from "../lib/todays-pipeline.ts";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { axeViolations, settle, startInTheme, strayClassNames } from "./axe.ts";
import { baseURL, browserForFile, DESKTOP, PHONE, signIn, type Viewport, waitForAppAfterLoads } from "./browser.ts";
import { d1, failTodaysRun, generatedArticle } from "./d1.ts";

type Theme = "light" | "dark";
type Who = "guest" | "member" | "admin";

/**
 * Every route through axe-core in one theme, as a guest, a member and an admin (axe-light.e2e.ts and
 * axe-dark.e2e.ts, one file per theme so the two can run side by side). It only reads pages and adds
 * members, and fails one generation run of the day for the error dialog (`task`, a task no other file
 * fails), which it puts back afterwards.
 */
export function auditInTheme(theme: Theme, task: TaskKey): void {
  const browser = browserForFile();
  let publicRoutes: string[];
  let adminRoutes: string[];

  const json = async <T>(path: string): Promise<T> => (await (await fetch(`${baseURL()}${path}`)).json()) as T;
  const firstSlug = async (path: string) => {
    const body = await json<{ slug: string }[] | { items: { slug: string }[] }>(path);
    const slug = (Array.isArray(body) ? body : body.items)[0]?.slug;
    if (!slug) throw new Error(`${path} has nothing to audit`);
    return slug;
  };

  beforeAll(async () => {
    // Today's articles: global-setup.ts ran the day's pipeline; this only starts it if the day turned since (idempotent).
    await runTodaysPipeline(baseURL());
    // Pages no other journey changes: one of the day's Trending Analyses and the seed's first guide (the
    // newest article or guide may be another file's, written or trashed while this one reads it).
    const [{ slug: article }, [row], category] = await Promise.all([
      generatedArticle(17),
      d1<{ id: number; slug: string }>("SELECT id, slug FROM articles WHERE deleted_at IS NULL ORDER BY id LIMIT 1"),
      firstSlug("/api/categories"),
    ]);
    const guide = row?.slug;
    // Every route of web/app/router.tsx with real parameters; the admin ones are audited as an admin
    // (anyone else is shown the refusal and sent away after 2 s).
    publicRoutes = [
      "/",
      "/markets",
      "/coin/btc",
      "/bear-invaders",
      "/news",
      "/search?q=bitcoin",
      `/categories/${category}`,
      `/article/${article}`,
      "/crypto-101",
      `/crypto-101/${guide}`,
      "/account",
      "/subscribe",
      "/subscription-success",
      "/unsubscribe",
      "/privacy",
      "/terms",
      "/cookies",
      "/methodology",
      "/no-such-page",
    ];
    adminRoutes = [
      "/admin",
      "/admin?tab=users",
      "/admin?tab=mappings",
      "/admin?tab=articles",
      "/admin?tab=outbox",
      `/admin/articles/${row?.id}/edit`,
      "/admin/trash",
    ];
  }, 180_000);
  async function openAs(who: Who, viewport: Viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({ baseURL: baseURL(), viewport });
    await startInTheme(context, theme);
    const page = await context.newPage();
    waitForAppAfterLoads(page);
    if (who !== "guest") {
      await page.goto("/api/login?returnTo=%2F");
      await signIn(page, who === "admin" ? E2E_ADMIN : `axe-${theme}@coinsight.test`, who === "admin" ? E2E_ADMIN_NAME : "Alex");
      await page.waitForURL((url) => url.pathname === "/");
    }
    return { context, page };
  }

  async function auditRoutes(page: Page, routes: string[], label: string): Promise<string[]> {
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      found.push(...(await axeViolations(page, `${label} ${route}`)), ...(await strayClassNames(page, `${label} ${route}`)));
    }
    return found;
  }

  describe(`axe-core, WCAG 2.2 A and AA, ${theme} theme`, () => {
    it("every public route, signed out", { timeout: 600_000 }, async () => {
      const { context, page } = await openAs("guest");
      const found = await auditRoutes(page, publicRoutes, `guest ${theme}`);
      await context.close();
      expect(found).toEqual([]);
    });

    it("every public route, signed in, with the account menu and an Ask answer open", { timeout: 600_000 }, async () => {
      const { context, page } = await openAs("member");
      const found = await auditRoutes(page, publicRoutes, `member ${theme}`);

      await page.goto("/coin/btc");
      const card = page.getByRole("region", { name: "Ask Coinsight" });
      await card.getByRole("button", { name: /^What is Bitcoin\?$/ }).click();
      await card.getByRole("heading", { name: /About Bitcoin/ }).waitFor({ timeout: 60_000 });
      await settle(page);
      found.push(...(await axeViolations(page, `member ${theme} Ask answer`)));

      await page.getByRole("button", { name: "Account menu for Alex" }).click();
      await settle(page);
      found.push(...(await axeViolations(page, `member ${theme} account menu`)));
      await context.close();
      expect(found).toEqual([]);
    });

    it("the admin panel's tabs, the editor, the trash and the error dialog, as an admin", { timeout: 600_000 }, async () => {
      const { context, page } = await openAs("admin");
      const found = await auditRoutes(page, adminRoutes, `admin ${theme}`);

      const restore = await failTodaysRun(task, { message: "The model answered 503", stack: "UpstreamError: 503" });
      try {
        await page.goto("/admin");
        const card = page.getByRole("article", { name: taskLabels[task] });
        await card.getByRole("button", { name: "View error" }).click({ timeout: 20_000 });
        await page.getByRole("dialog").getByText("The model answered 503").waitFor();
        await settle(page);
        found.push(...(await axeViolations(page, `admin ${theme} error dialog`)));
      } finally {
        await restore();
      }
      await context.close();
      expect(found).toEqual([]);
    });

    it("the phone layout with the menu open", async () => {
      const { context, page } = await openAs("guest", PHONE);
      await page.goto("/markets");
      await settle(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await settle(page);
      const found = await axeViolations(page, `phone ${theme} menu`);
      await context.close();
      expect(found).toEqual([]);
    });
  });
}
