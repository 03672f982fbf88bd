import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { runTodaysPipeline } from "../lib/todays-pipeline.ts";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { baseURL, browserForFile, openPage, PHONE, signIn } from "./browser.ts";
import { failTodaysRun } from "./d1.ts";

// It only reads pages, and fails one generation run of the day (its own task, Trending 101-300's) for
// the error dialog, which it puts back afterwards.

const browser = browserForFile();
beforeAll(async () => {
  // Today's articles: global-setup.ts ran the day's pipeline; this only starts it if the day turned since (idempotent).
  await runTodaysPipeline(baseURL());
}, 180_000);
const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
/** A tab's selection follows its focus on the next render. */
const selected = (tab: Locator) => expect.poll(() => tab.getAttribute("aria-selected"), { timeout: 10_000 }).toBe("true");

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it never comes. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

/** The focused element draws a ring (an outline or a box shadow), so sighted keyboard users see it. */
async function showsFocusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return false;
    const style = getComputedStyle(el);
    return (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
  });
}

describe("keyboard only", () => {
  it("a reader opens the menu, goes to the Top 500, switches lists, opens a coin and asks the Ask card", async () => {
    const { page, context, errors } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/");
    await tabTo(page, page.getByRole("button", { name: "Open menu" }));
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press("Enter");
    const menuLink = page.locator("#mobile-menu").getByRole("link", { name: "Top 500", exact: true });
    await tabTo(page, menuLink);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/markets");

    // The market lists are ARIA tabs: one Tab stop, arrows move the selection.
    const tabs = page.getByRole("tablist", { name: "Market lists" }).getByRole("tab");
    const first = tabs.first();
    await tabTo(page, first);
    await selected(first);
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press("ArrowRight");
    expect(await isFocused(tabs.nth(1))).toBe(true);
    await selected(tabs.nth(1));
    await page.keyboard.press("Home");
    expect(await isFocused(first)).toBe(true);
    await selected(first);

    await tabTo(page, page.getByRole("link", { name: /^Bitcoin/ }).first());
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/coin/btc");

    const card = page.getByRole("region", { name: "Ask Coinsight" });
    const question = card.getByRole("button", { name: /^What is Bitcoin\?$/ });
    await tabTo(page, question);
    expect(await showsFocusRing(page)).toBe(true);
    await page.keyboard.press("Enter");
    await card.getByRole("heading", { name: /About Bitcoin \(BTC\)/ }).waitFor();
    expect(await question.getAttribute("aria-expanded")).toBe("true");

    // The theme toggle says what it does and whether it is on.
    const theme = page.getByRole("button", { name: "Dark theme" });
    await theme.focus();
    await page.keyboard.press("Space");
    expect(await theme.getAttribute("aria-pressed")).toBe("true");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an admin moves through the panel's tabs with arrows and reads a failure in a dialog that keeps focus and closes on Escape", async () => {
    const restore = await failTodaysRun("trending_101_300", { message: "LunarCrush answered 503", stack: "UpstreamError: 503" });
    const { page, context, errors } = await openPage(browser());
    try {
      await page.goto("/api/login?returnTo=%2Fadmin");
      await signIn(page, E2E_ADMIN, E2E_ADMIN_NAME);
      await page.waitForURL((url) => url.pathname === "/admin");

      const tabs = page.getByRole("tablist", { name: "Admin sections" });
      await tabTo(page, tabs.getByRole("tab", { name: "Overview" }));
      await page.keyboard.press("ArrowRight");
      await page.waitForURL((url) => url.search === "?tab=users");
      expect(await isFocused(tabs.getByRole("tab", { name: "Users" }))).toBe(true);
      await page.keyboard.press("End");
      await page.waitForURL((url) => url.search === "?tab=outbox");
      expect(await isFocused(tabs.getByRole("tab", { name: "Outbox" }))).toBe(true);
      await page.keyboard.press("ArrowRight");
      expect(await isFocused(tabs.getByRole("tab", { name: "Overview" }))).toBe(true);
      await page.waitForURL((url) => url.search === "");

      const viewError = page.getByRole("article", { name: "Trending 101-300" }).getByRole("button", { name: "View error" });
      await viewError.waitFor({ timeout: 20_000 });
      await tabTo(page, viewError);
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Trending 101-300 error" });
      await dialog.getByText("LunarCrush answered 503").waitFor();
      expect(await isFocused(dialog.getByRole("button", { name: "Close" }))).toBe(true);
      // Tab and Shift+Tab stay inside the modal (the page behind is inert).
      for (const key of ["Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        await page.keyboard.press(key);
        expect(
          await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")) || document.activeElement === document.body),
        ).toBe(true);
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await isFocused(viewError)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await restore();
      await context.close();
    }
  });
});
