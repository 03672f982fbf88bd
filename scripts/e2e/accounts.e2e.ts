import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { browserForFile, openPage, PHONE, signIn } from "./browser.ts";

const browser = browserForFile();

const rows = (page: Page) => page.locator("table tbody tr").filter({ has: page.locator("a") });

async function starCoin(page: Page, coin: string) {
  const star = page.getByRole("button", { name: `Add ${coin} to watchlist` });
  expect(await star.getAttribute("aria-pressed")).toBe("false");
  await star.click();
  const filled = page.getByRole("button", { name: `Remove ${coin} from watchlist` });
  await filled.waitFor();
  expect(await filled.getAttribute("aria-pressed")).toBe("true");
}

describe("accounts journeys", () => {
  it("a member signs in, stars three coins, keeps two across a reload, and signs out", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/markets");
    await page.getByRole("link", { name: "Login" }).click();
    await page.waitForURL(/\/api\/login\?returnTo=%2Fmarkets/);
    await signIn(page, "erin@coinsight.test", "Erin");
    await page.waitForURL((url) => url.pathname === "/markets");

    // The session cookie: __Host- prefixed, HttpOnly, Secure (Chromium treats loopback as secure), SameSite=Lax.
    const session = (await context.cookies()).find((c) => c.name === "__Host-coinsight_session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain("coinsight_session");

    await page.getByRole("button", { name: "Account menu for Erin" }).click();
    await page.getByText("Plan: Free").waitFor();
    await page.getByText("Trial queries: 2/2 left").waitFor();
    await page.keyboard.press("Escape");

    await rows(page).first().waitFor();
    for (const coin of ["Bitcoin", "Ethereum", "Tether"]) await starCoin(page, coin);

    await page.getByRole("tab", { name: "My Watchlist" }).click();
    await page.waitForURL(/tab=watchlist/);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect((await rows(page).locator("td:nth-child(3) a").allTextContents()).sort()).toEqual(["Bitcoin", "Ethereum", "Tether"]);

    // Removing from the My Watchlist tab takes the row away once the list is refreshed.
    await page.getByRole("button", { name: "Remove Ethereum from watchlist" }).click();
    await expect.poll(() => rows(page).count()).toBe(2);

    await page.reload();
    await page.getByRole("tab", { name: "My Watchlist", selected: true }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    const names = await rows(page).locator("td:nth-child(3) a").allTextContents();
    expect(names.sort()).toEqual(["Bitcoin", "Tether"]);

    await page.getByRole("button", { name: "Account menu for Erin" }).click();
    await page.getByRole("link", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Login" }).waitFor();
    expect((await context.cookies()).some((c) => c.name === "__Host-coinsight_session")).toBe(false);
    await page.goto("/markets?tab=watchlist");
    await rows(page).first().waitFor();
    expect(await page.getByRole("tab", { name: "My Watchlist" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a guest's star leads to sign-in and back to the page", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/markets?tab=gainers");
    await rows(page).first().waitFor();
    expect(await page.getByRole("tab", { name: "My Watchlist" }).count()).toBe(0);
    const star = page.getByRole("button", { name: /^Log in to add .+ to your watchlist$/ }).first();
    expect(await star.getAttribute("title")).toBe("Login to add to watchlist");
    await star.click();
    await page.waitForURL(/\/api\/login\?returnTo=%2Fmarkets%3Ftab%3Dgainers/);
    await signIn(page, "guest-turned-member@coinsight.test", "Gus");
    await page.waitForURL(/\/markets\?tab=gainers$/);
    await page.getByRole("button", { name: "Account menu for Gus" }).waitFor();
    await context.close();
  });

  it("the coin page toggles the watchlist with its button", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/api/login?returnTo=/coin/sol");
    await signIn(page, "coin-page@coinsight.test", "Cora");
    await page.waitForURL("**/coin/sol");
    await page.getByRole("button", { name: "Add to Watchlist" }).click();
    await page.getByRole("button", { name: "Remove from Watchlist" }).waitFor();
    await page.getByRole("link", { name: "My Watch List" }).click();
    await page.waitForURL(/tab=watchlist/);
    await expect.poll(() => rows(page).locator("td:nth-child(3) a").allTextContents()).toEqual(["Solana"]);
    await context.close();
  });

  it("an admin sees the red Admin badge and the Admin Panel link, and no plan line or subscription call", async () => {
    const { page, context } = await openPage(browser());
    const subscriptionCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/user/subscription")) subscriptionCalls.push(r.url());
    });
    await page.goto("/api/login?returnTo=/");
    await signIn(page, E2E_ADMIN, E2E_ADMIN_NAME);
    await page.waitForURL((url) => url.pathname === "/");
    const menu = page.getByRole("button", { name: `Account menu for ${E2E_ADMIN_NAME}` });
    const badge = menu.getByText("Admin", { exact: true });
    await badge.waitFor();
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(200, 30, 30)");
    await menu.click();
    await page.getByRole("link", { name: "Admin Panel" }).waitFor();
    expect(await page.getByTestId("plan-summary").count()).toBe(0);
    await page.goto("/account");
    await page.getByRole("heading", { name: "Admin Access" }).waitFor();
    expect(subscriptionCalls).toEqual([]);
    await context.close();
  });

  it("on a phone the menu carries the member's name, plan and links", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/api/login?returnTo=/account");
    await signIn(page, "phone@coinsight.test", "Pia");
    await page.waitForURL("**/account");
    await page.getByRole("heading", { name: "Free Plan" }).waitFor();
    await page.getByRole("button", { name: "Open menu" }).click();
    const area = page.getByTestId("mobile-user-area");
    await area.getByText("Pia").waitFor();
    await area.getByText("Trial queries: 2/2 left").waitFor();
    await area.getByRole("link", { name: "Logout" }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
