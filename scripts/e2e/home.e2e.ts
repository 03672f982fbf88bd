import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations, settle } from "./axe.ts";
import { browserForFile, DESKTOP, openPage, PHONE } from "./browser.ts";

/**
 * What the home page tells a reader about itself (issue 42, item 7). It only reads the shared site:
 * the seed, the day's pipeline, and whatever news other files added, which only makes Trending Now fuller.
 */
const browser = browserForFile();

async function openHome(viewport = DESKTOP) {
  const opened = await openPage(browser(), { viewport });
  await opened.page.goto("/");
  await opened.page.getByRole("region", { name: "Top Gainers" }).getByTestId("mover-price").first().waitFor();
  return opened;
}

/** Each sidebar mover's price as shown, and whether any of it is cut off (hidden overflow, or outside its card). */
function moverPrices(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[data-testid=mover-price]")].map((el) => {
      const card = el.closest("section")?.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const clipped = el.scrollWidth > el.clientWidth + 1 || (card ? box.right > card.right + 0.5 || box.width === 0 : true);
      // A tiny price is drawn as "$0.0₆1462" (PriceText); its full figure is its title.
      return { text: el.querySelector("[title]")?.getAttribute("title") ?? el.textContent ?? "", clipped };
    }),
  );
}

describe("home page", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`sidebar movers show their whole price (${name})`, async () => {
      const { page, context, errors } = await openHome(viewport);
      const prices = await moverPrices(page);
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) {
        expect(p.text).toMatch(/^\$[\d,]+(\.\d+)?$/);
        expect(p, p.text).toMatchObject({ clipped: false });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("Trending Now lists five stories, or as many as there are with the reason it is fewer", async () => {
    const { page, context } = await openHome();
    const now = page.getByRole("region", { name: "Trending Now" });
    await now.locator("article").first().waitFor();
    await settle(page);
    const listed = await now.locator("article").count();
    const note = now.getByTestId("trending-now-fewer");
    if (listed === 5) expect(await note.count()).toBe(0);
    else {
      const more = listed === 1 ? "Only 1 more story" : `Only ${listed} more stories`;
      expect(await note.textContent()).toMatch(new RegExp(`^${more} so far: the \\d+ newest are in the sections above\\.$`));
    }
    await context.close();
  });

  it("has one <h1>, the demo banner in a landmark, and two newsletter landmarks with their own names", async () => {
    const { page, context } = await openHome();
    await settle(page);
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.locator("h1").textContent()).toBe("Coinsight: crypto news and analysis");
    // The offline site replays recorded figures: its banner is a named landmark of its own.
    const banner = page.getByRole("complementary", { name: "Demo data" });
    expect(await banner.getByTestId("demo-notice").count()).toBe(1);
    expect(await page.getByRole("region", { name: "Newsletter signup", exact: true }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Newsletter", exact: true }).count()).toBe(1);
    // axe's landmark and heading rules (best practice, outside the WCAG sets the audits run).
    expect(await axeViolations(page, "/", ["page-has-heading-one", "region", "landmark-unique", "landmark-one-main"])).toEqual([]);
    await context.close();
  });
});
