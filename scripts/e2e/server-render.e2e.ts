import type { ConsoleMessage } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage, PHONE } from "./browser.ts";

// Reads only. A guest's pages arrive rendered by the Worker (worker/features/pages/server-render.ts)
// and the browser hydrates them (web/main.tsx).
const browser = browserForFile();

describe("pages rendered by the Worker", () => {
  it("show their content without any script", async () => {
    const context = await browser().newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("#daily-roundup-title").textContent()).resolves.toBe("Daily Roundup");
    await page.goto("/markets");
    expect(await page.locator("table tbody tr").count()).toBeGreaterThanOrEqual(10);
    await page.goto("/coin/btc");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Bitcoin");
    expect(await page.getByText(/^\$[\d,]+\.\d{2}$/).count()).toBeGreaterThan(0);
    await context.close();
  });

  // Seven pages and a tab each: 42 to 48 s for both themes in one test on a loaded machine, past 60 s on a busier
  // one. One test per theme, and a limit that guards against a hang, not a speed.
  it.each([
    ["the light", false],
    ["the dark", true],
  ])("hydrate without a mismatch or an error, on a phone in %s theme, and then respond", { timeout: 120_000 }, async (_, dark) => {
    const { page, context, errors } = await openPage(browser(), { viewport: PHONE });
    if (dark) await context.addInitScript(() => localStorage.setItem("theme", "dark"));
    const logged: string[] = [];
    page.on("console", (m: ConsoleMessage) => {
      if (m.type() === "error") logged.push(m.text());
    });
    for (const path of ["/", "/markets", "/coin/btc", "/crypto-101", "/subscribe", "/categories/daily-roundup", "/privacy"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      // Hydrated: React holds the root, and the theme toggle reflects the stored theme.
      await page.waitForFunction(() => Object.keys(document.getElementById("root") ?? {}).some((k) => k.startsWith("__reactContainer")));
      const pressed = await page.getByRole("button", { name: "Dark theme" }).first().getAttribute("aria-pressed");
      expect(pressed, path).toBe(String(dark));
    }
    // A rendered page is a live app: a tab of the Top 500 switches without a reload.
    await page.goto("/markets", { waitUntil: "networkidle" });
    await page.getByRole("tab", { name: /Gainers/ }).click();
    await page.waitForURL(/tab=gainers/);
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    await context.close();
  });
});
