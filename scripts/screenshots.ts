/**
 * Screenshots of pages at desktop and phone widths in light and dark themes, for looking at
 * what we build:  node scripts/screenshots.ts <baseURL> <outDir> /path [/path ...]
 * SHOTS_EMAIL=admin@coinsight.local signs in with the local form first (member and admin screens).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { launchBrowser } from "./lib/chromium.ts";

const [base = "http://127.0.0.1:8787", out = "/tmp/shots", ...paths] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await launchBrowser();
// The widths readers use most: a 1366 px laptop, a 1920 px monitor and a 390 px phone.
const viewports = { desktop: { width: 1366, height: 900 }, wide: { width: 1920, height: 1080 }, phone: { width: 390, height: 844 } };
for (const [vpName, viewport] of Object.entries(viewports)) {
  for (const theme of ["light", "dark"]) {
    const context = await browser.newContext({ viewport, baseURL: base });
    await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
    const page = await context.newPage();
    if (process.env.SHOTS_EMAIL) {
      await page.goto("/api/login?returnTo=/");
      await page.getByLabel("Email").fill(process.env.SHOTS_EMAIL);
      await page.getByLabel("First name").fill("Shots");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    }
    for (const path of paths.length ? paths : ["/"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle").catch(() => {});
      await page.waitForTimeout(400);
      const file = join(out, `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${vpName}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const overflow = await page.evaluate(() => {
        const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1);
        return {
          scroll: document.documentElement.scrollWidth - window.innerWidth,
          first: wide.slice(0, 3).map((el) => `${el.tagName}.${el.className}`),
        };
      });
      console.log(file, overflow.scroll > 0 ? `OVERFLOW ${overflow.scroll}px ${overflow.first.join(", ")}` : "");
    }
    await context.close();
  }
}
await browser.close();
