import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { LiveGlobal } from "#schema/contracts/live.ts";
import { formatMoney } from "#web/lib/format.ts";
import { baseURL, browserForFile, openPage } from "./browser.ts";

const browser = browserForFile();

/**
 * Coins this file moves with the local move-price helper. Other journeys read prices only as they
 * stand (the alerts journey moves LINK), and the 30 s walk moves every price anyway.
 */
const TABLE_COIN = "XLM";
const COIN_PAGE = "DOT";

/** Moves one coin's offline price and ticks the PriceFeed now (development and test only). */
async function movePrice(symbol: string, percent: number): Promise<number> {
  const res = await fetch(`${baseURL()}/api/dev/alerts/move-price`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ symbol, percent }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { price: number }).price;
}

/** How the site prints a price (schema/contracts/format.ts), read back from the API after the move. */
async function shownPrice(symbol: string): Promise<string> {
  const res = await fetch(`${baseURL()}/api/cryptos/${symbol}`);
  return ((await res.json()) as { price: string }).price;
}

/** The header's dot. */
function liveDot(page: Page) {
  return page.locator("[data-live]").first();
}

/** Marks the document, so a reload (which would lose the mark) cannot pass for a live update. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

describe("live prices", () => {
  it("moves a price on the markets table and the strip without a reload or a poll", async () => {
    const { page, context, errors } = await openPage(browser());
    const polls: string[] = [];
    page.on("request", (r) => {
      if (/\/api\/(cryptos|market\/global)/.test(r.url())) polls.push(r.url());
    });
    // The strip's totals as the socket last brought them.
    let global: (LiveGlobal & { tick: number }) | null = null;
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        const m = JSON.parse(String(payload)) as { type: string; tick: number; global: LiveGlobal };
        if (m.type === "global") global = { ...m.global, tick: m.tick };
      }),
    );
    await page.goto("/markets");
    await page.locator("table tbody tr a").first().waitFor();
    await expect.poll(() => liveDot(page).getAttribute("data-live")).toBe("live");
    await markDocument(page);
    const row = page.locator("table tbody tr").filter({ hasText: TABLE_COIN }).first();
    const before = await row.getByTestId("row-price").textContent();
    const cap = page.getByTestId("strip-market-cap");
    polls.length = 0;
    const tickBefore = (global as { tick: number } | null)?.tick ?? 0;

    await movePrice(TABLE_COIN, 8);
    const after = await shownPrice(TABLE_COIN);
    expect(after).not.toBe(before);
    await expect.poll(() => row.getByTestId("row-price").textContent()).toBe(after);
    // The strip shows the totals of the tick that moved the coin, as the socket brought them.
    await expect.poll(() => (global as { tick: number } | null)?.tick ?? 0).toBeGreaterThan(tickBefore);
    await expect.poll(async () => (await cap.textContent()) === formatMoney((global as LiveGlobal | null)?.totalMarketCap)).toBe(true);
    expect(await stillSameDocument(page)).toBe(true);
    // The socket brought it: no price request was made for it (only a list whose order changed reloads).
    expect(polls.filter((u) => new RegExp(`/api/(cryptos/${TABLE_COIN}|market/global)`, "i").test(u))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("moves the price on a coin page without a reload", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto(`/coin/${COIN_PAGE.toLowerCase()}`);
    await page.getByTestId("coin-price").waitFor();
    await expect.poll(() => liveDot(page).getAttribute("data-live")).toBe("live");
    await markDocument(page);
    const before = await page.getByTestId("coin-price").textContent();

    await movePrice(COIN_PAGE, -6);
    const after = await shownPrice(COIN_PAGE);
    expect(after).not.toBe(before);
    // The moved tick stays on screen: no poll or late fetch rolls it back (web/lib/newer-prices.ts).
    await expect.poll(() => page.getByTestId("coin-price").textContent()).toBe(after);
    expect(await stillSameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("falls back to polling when the socket is cut, and says paused", { timeout: 240_000 }, async () => {
    const { page, context } = await openPage(browser());
    // Sockets pass through to the site until cut; after that every new one is refused at once.
    let cut = false;
    const open: { close(): Promise<void> }[] = [];
    await page.routeWebSocket(/\/api\/live/, (ws) => {
      if (cut) return void ws.close({ code: 1011, reason: "cut by the test" });
      ws.connectToServer();
      open.push(ws);
    });
    await page.goto(`/coin/${COIN_PAGE.toLowerCase()}`);
    await page.getByTestId("coin-price").waitFor();
    await expect.poll(() => liveDot(page).getAttribute("data-live")).toBe("live");
    await markDocument(page);

    cut = true;
    const polled = page.waitForResponse((r) => new RegExp(`/api/cryptos/${COIN_PAGE}`, "i").test(r.url()), { timeout: 45_000 });
    for (const ws of open) await ws.close();
    await expect.poll(() => liveDot(page).getAttribute("data-live")).toBe("paused");
    // What the socket would have brought comes by polling: at once after the cut, then every 30 s.
    await polled;
    const before = await shownPrice(COIN_PAGE);
    await movePrice(COIN_PAGE, 4);
    // The 30 s walk may move the price again before the page's next poll: the page must come to show the
    // price as it stands (read afresh each time), and not the one from before the move.
    await expect
      .poll(
        async () => {
          const shown = await page.getByTestId("coin-price").textContent();
          return { shown, moved: shown !== before, current: shown === (await shownPrice(COIN_PAGE)) };
        },
        { timeout: 100_000 },
      )
      .toMatchObject({ moved: true, current: true });
    expect(await liveDot(page).getAttribute("data-live")).toBe("paused");
    expect(await stillSameDocument(page)).toBe(true);
    await context.close();
  });
});
