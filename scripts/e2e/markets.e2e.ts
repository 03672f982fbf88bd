import { describe, expect, it } from "vitest";
import { browserForFile, openPage, PHONE } from "./browser.ts";

const browser = browserForFile();

describe("markets journeys", () => {
  it("home shows the Crypto Top 10 with figures, a link to the Top 500, and the movers", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto("/");
    await page.getByRole("heading", { name: "Crypto Top 10" }).waitFor();
    const rows = page.locator("table tbody tr").filter({ has: page.locator("a") });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    const first = await rows.first().textContent();
    expect(first).toContain("Bitcoin");
    expect(first).toMatch(/\$\d{1,3}(,\d{3})*\.\d{2}/);
    expect(first).toMatch(/[+-]\d+\.\d{2}%/);
    expect(await page.getByRole("link", { name: "View Top 500" }).getAttribute("href")).toBe("/markets");
    await page.getByRole("region", { name: "Top Gainers" }).getByRole("link").first().waitFor();
    await page.getByRole("region", { name: "Top Losers" }).getByRole("link").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/markets pages through the recorded coins (500 offline: no wrapped or staked tokens) and switches tabs", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/markets");
    await page.getByRole("heading", { name: "Crypto Top 500" }).waitFor();
    // Column 1 is the watchlist star (shown to everyone: guests get a login prompt), column 2 the rank.
    const firstRank = () => page.locator("table tbody tr td:nth-child(2)").first().textContent();
    await page.locator("table tbody tr a").first().waitFor();
    // Every row is in the first render, the server's included (crypto-table.tsx).
    await expect.poll(() => page.locator("table tbody tr").count()).toBe(100);
    expect(await firstRank()).toBe("1");

    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForFunction(() => document.querySelector("table tbody tr td:nth-child(2)")?.textContent === "101");
    await page.getByRole("button", { name: "Page 5" }).click();
    await page.waitForFunction(() => document.querySelector("table tbody tr td:nth-child(2)")?.textContent === "401");
    expect(await page.locator("table tbody tr").last().locator("td").nth(1).textContent()).toBe("500");
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.waitForFunction(() => document.querySelector("table tbody tr td:nth-child(2)")?.textContent === "301");

    await page.getByRole("tab", { name: "Top Gainers" }).click();
    await page.waitForURL(/tab=gainers/);
    expect(page.url()).not.toContain("page=");
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll("table tbody tr td:nth-child(6)")];
      return cells.length === 25 && cells.every((td) => td.textContent?.startsWith("+"));
    });

    await page.getByRole("tab", { name: "Top Losers" }).click();
    await page.waitForURL(/tab=losers/);
    await page.waitForFunction(() =>
      [...document.querySelectorAll("table tbody tr td:nth-child(6)")].every((td) => td.textContent?.startsWith("-")),
    );
    expect(await page.locator("table tbody tr").count()).toBe(25);

    await page.getByRole("tab", { name: "Top 500" }).click();
    await page.waitForFunction(() => document.querySelector("table tbody tr td:nth-child(2)")?.textContent === "1");
    await context.close();
  });

  it("a row click opens the coin page, with its figures", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/markets");
    await page.locator("table tbody tr a").first().waitFor();
    await page.locator("table tbody tr").first().locator("td").nth(3).click();
    await page.waitForURL("**/coin/btc");
    await page.getByRole("heading", { name: /Bitcoin/ }).waitFor();
    expect(await page.getByTestId("coin-price").textContent()).toMatch(/^\$\d/);
    for (const text of ["1 hour", "24 hours", "7 days", "Market Cap", "Circulating Supply", "Max Supply", "Volume/MCap"]) {
      await page.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByText(/of max supply in circulation/).waitFor();
    await page.getByText("Advertisement Space (Ads temporarily disabled for security)").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an unknown coin shows 'Cryptocurrency Not Found' with its sentence", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/coin/notacoin");
    await page.getByRole("heading", { name: "Cryptocurrency Not Found" }).waitFor();
    // A Top 500 site says top 500 (docs/decisions/web/coin-not-found-top-500.md).
    await page.getByText('The cryptocurrency "notacoin" could not be found or is not in the top 500.').waitFor();
    expect(await page.getByText(/top 100/).count()).toBe(0);
    await context.close();
  });

  it("coin logos come from the site itself; a broken one becomes an initials circle", async () => {
    const { page, context } = await openPage(browser());
    const hosts = new Set<string>();
    page.on("request", (req) => {
      if (req.resourceType() === "image") hosts.add(new URL(req.url()).host);
    });
    await page.goto("/markets");
    await page.locator("table tbody tr img").first().waitFor();
    expect(await page.locator("table tbody tr").first().locator("img").getAttribute("src")).toBe("/coins/bitcoin.svg");
    expect([...hosts].every((h) => h === new URL(page.url()).host)).toBe(true);
    await context.route(/\/coins\//, (route) => route.abort());
    await page.goto("/markets");
    await page.locator("table tbody tr a").first().waitFor();
    await page.getByTestId("coin-initials").first().waitFor();
    expect(await page.getByTestId("coin-initials").first().textContent()).toMatch(/^[A-Z0-9]{1,4}$/);
    await context.close();
  });

  it("the markets page works at 375 px wide without horizontal page scroll", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/markets");
    await page.locator("table tbody tr a").first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
