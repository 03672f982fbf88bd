import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { browserForFile, openPage, PHONE, signIn } from "./browser.ts";

// The chart mapping it makes (Cardano, hidden) is its own: no other file looks at Cardano's chart.
const browser = browserForFile();

async function signedIn(page: Page, email: string, name: string, returnTo: string) {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await signIn(page, email, name);
  await page.waitForURL((url) => url.pathname === returnTo.split("?")[0]);
}

/** The 24h % cells of the visible table as numbers (an unknown change is NaN). */
function changes(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("table tbody tr td:nth-child(6)")].map((td) => Number.parseFloat(td.textContent ?? "")),
  );
}

describe("charts and markets journeys", () => {
  it("the chart draws on /coin/btc from a year of history, changes range, and wakes its crosshair", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/coin/btc");
    const chart = page.getByTestId("price-chart");
    // First the SVG sketch, with no chart library loaded.
    await page.locator("[data-testid=price-chart][data-mode=sketch] path").first().waitFor();
    expect(await page.evaluate(() => performance.getEntriesByType("resource").some((r) => r.name.includes("price-chart")))).toBe(false);
    expect(await chart.getAttribute("data-range")).toBe("1y");
    // The price in ETH beside the one in BTC, and the longer changes read from the same year of prices.
    expect(await page.getByTestId("coin-price-eth").innerText()).toMatch(/^\d+\.\d{8} ETH$/);
    const longer = page.getByRole("list", { name: "Longer-term changes" });
    await expect.poll(() => longer.innerText()).toMatch(/14 days\s+[▲▼] [+-]\d+\.\d{2}%/);
    expect(await longer.innerText()).toMatch(/30 days\s+[▲▼] [+-]\d+\.\d{2}%/);
    // The seeded daily history: well over a hundred real days inside the last year.
    await expect.poll(async () => Number(await chart.getAttribute("data-points")), { timeout: 15_000 }).toBeGreaterThan(100);
    expect(await chart.evaluate((el) => el.getBoundingClientRect().height)).toBe(400);
    const week = page.waitForResponse((r) => r.url().includes("/api/cryptos/btc/history?range=7d") && r.ok());
    await page.getByRole("button", { name: "7D" }).click();
    await week;
    await expect.poll(() => chart.getAttribute("data-range"), { timeout: 15_000 }).toBe("7d");
    expect(await page.getByRole("button", { name: "7D" }).getAttribute("aria-pressed")).toBe("true");
    // Pointing at the chart brings the interactive one, on the same range; its crosshair shows a price and a time.
    await chart.hover();
    await page.locator("[data-testid=price-chart][data-mode=live] canvas").first().waitFor();
    expect(await chart.getAttribute("data-range")).toBe("7d");
    expect(await chart.evaluate((el) => el.getBoundingClientRect().height)).toBe(400);
    const box = await chart.boundingBox();
    if (!box) throw new Error("the chart has no box");
    const legend = page.getByTestId("chart-legend");
    await page.mouse.move(box.x + box.width - 80, box.y + box.height / 2);
    await expect.poll(() => legend.textContent()).toMatch(/\$[\d,]+\.\d{2}.*\d{1,2} \w{3} \d{4}/);
    // The legend follows the pointer: a point further left is another time.
    const right = await legend.textContent();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await expect.poll(() => legend.textContent()).not.toBe(right);
    // Away from the chart it gives the line's last point, which is the headline price.
    await page.mouse.move(1, 1);
    await expect
      .poll(async () => [await legend.locator("strong").textContent(), await page.getByTestId("coin-price").textContent()])
      .toSatisfy(([line, headline]) => line === headline);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an admin maps a coin and hides its chart; a member then no longer sees it", async () => {
    const { page, context } = await openPage(browser());
    await signedIn(page, E2E_ADMIN, E2E_ADMIN_NAME, "/admin?tab=mappings");
    await page.getByTestId("coverage-badge").waitFor();
    await page.getByLabel("Filter unmapped coins").fill("Cardano");
    await page.getByRole("button", { name: "Map" }).click();
    await page.getByLabel("Exchange", { exact: true }).selectOption("KUCOIN");
    expect(await page.getByTestId("chart-symbol-preview").textContent()).toBe("KUCOIN:ADAUSDT");
    expect(await page.getByTestId("rank-hint").textContent()).toMatch(/MEXC\/OKX/);
    await page.getByRole("button", { name: "Save mapping" }).click();
    await page.getByText("ADA now charts as KUCOIN:ADAUSDT.").waitFor();
    await expect.poll(() => page.getByRole("list", { name: "Unmapped coins" }).getByText("Cardano").count(), { timeout: 15_000 }).toBe(0);

    await page.goto("/coin/ada");
    const panel = page.getByRole("region", { name: "Cardano price chart" });
    await panel.getByText("Shown with TradingView's KUCOIN:ADAUSDT chart.").waitFor();
    await panel.getByRole("button", { name: "Hide chart" }).click();
    await panel.getByText("This chart is hidden from readers; only admins see it.").waitFor();
    await context.close();

    const member = await openPage(browser());
    await signedIn(member.page, "reader-charts@example.com", "Rae", "/coin/ada");
    await member.page.getByTestId("coin-price").waitFor();
    await member.page.getByRole("heading", { name: "Market Data" }).waitFor();
    expect(await member.page.getByRole("region", { name: "Cardano price chart" }).count()).toBe(0);
    expect(await member.page.getByTestId("price-chart").count()).toBe(0);
    await member.context.close();
  });

  it("sorting by 24h works across all 500 coins and pages, and stays in the URL", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/markets");
    await page.locator("table tbody tr a").first().waitFor();
    await page.getByRole("button", { name: /^24h %/ }).click();
    await page.waitForURL(/sort=change24h&order=desc/);
    await page.waitForFunction(() => document.querySelector("th[aria-sort='descending']")?.textContent?.includes("24h"));
    await expect
      .poll(
        async () => {
          const c = (await changes(page)).filter((v) => !Number.isNaN(v));
          return c.length > 0 && c.every((v, i) => i === 0 || (c[i - 1] as number) >= v);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const firstPage = await changes(page);
    const ranks = (await page.locator("table tbody tr td:nth-child(2)").allTextContents()).map(Number);
    // The biggest movers come from the whole list, not from the first 100 by rank.
    expect(ranks.some((r) => r > 100)).toBe(true);

    await page.getByRole("button", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    expect(page.url()).toContain("sort=change24h");
    await page.waitForFunction((top) => {
      const first = Number.parseFloat(document.querySelector("table tbody tr td:nth-child(6)")?.textContent ?? "");
      return first < top;
    }, firstPage[0] as number);
    const second = (await changes(page)).filter((v) => !Number.isNaN(v));
    expect(second.every((v, i) => i === 0 || (second[i - 1] as number) >= v)).toBe(true);

    await page.reload();
    await page.waitForFunction(() => document.querySelector("th[aria-sort='descending']")?.textContent?.includes("24h"));
    await context.close();
  });

  it("on a phone the Top 500 and the coin page fit without sideways scroll; names take at most two lines under the symbol", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/markets");
    await page.locator("table tbody tr a").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const table = await page.evaluate(() => {
      const wrap = document.querySelector("table")?.parentElement;
      return { scroll: (wrap?.scrollWidth ?? 0) - (wrap?.clientWidth ?? 0) };
    });
    expect(table.scroll).toBeLessThanOrEqual(0);
    const visible = await page.locator("thead th:visible").allTextContents();
    expect(visible.join("|")).toMatch(/Name.*Price.*24h %/);
    const tall = await page.evaluate(
      () =>
        [...document.querySelectorAll("table tbody tr td:nth-child(3) a")].filter((a) => {
          // Two lines of text are under three font sizes high; a third line would be cut anyway.
          return a.getBoundingClientRect().height >= Number.parseFloat(getComputedStyle(a).fontSize) * 3;
        }).length,
    );
    expect(tall).toBe(0);
    await page.goto("/coin/btc");
    await page.locator("[data-testid=price-chart] path").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
