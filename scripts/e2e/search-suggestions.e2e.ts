import { describe, expect, it } from "vitest";
import { browserForFile, openPage, PHONE } from "./browser.ts";

// Reads only the seed: the coins and the Crypto 101 guides.
const browser = browserForFile();

describe("header search suggestions", () => {
  it("suggest coins, then articles; arrows and Enter open one, Escape closes the list", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/markets");
    const box = page.getByRole("combobox", { name: "Search" }).first();
    await box.fill("bitcoin");
    const list = page.getByRole("listbox", { name: "Search suggestions" }).first();
    await list.getByRole("option").first().waitFor();
    const groups = await list.getByRole("group").evaluateAll((els) => els.map((el) => el.textContent));
    expect(groups[0]).toMatch(/^Coins/);
    expect(await list.getByRole("option").first().textContent()).toContain("Bitcoin");

    await box.press("Escape");
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("bitcoin");

    await box.press("ArrowDown");
    expect(await box.getAttribute("aria-activedescendant")).toBeTruthy();
    await box.press("Enter");
    await page.waitForURL("**/coin/btc");
    await page.getByRole("heading", { level: 1, name: /Bitcoin/ }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("on a phone: a tapped suggestion opens the article and the menu closes", async () => {
    const { page, context, errors } = await openPage(browser(), { viewport: PHONE });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const box = page.locator("#mobile-menu").getByRole("combobox", { name: "Search" });
    await box.fill("seed phrase");
    const option = page.locator("#mobile-menu").getByRole("option", { name: /Protecting Your Seed Phrase/ });
    await option.click();
    await page.waitForURL("**/crypto-101/*");
    await page.getByRole("heading", { level: 1, name: /Seed Phrase/ }).waitFor();
    expect(await page.locator("#mobile-menu").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
