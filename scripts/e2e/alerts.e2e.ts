import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { axeViolations, settle, startInTheme } from "./axe.ts";
import { baseURL, browserForFile, openPage, signIn } from "./browser.ts";
import { waitForMail } from "./d1.ts";

const browser = browserForFile();

const MEMBER = "alerts.member@coinsight.test";
const EVERY_MINUTE = "* * * * *";

async function priceOf(symbol: string): Promise<number> {
  const res = await fetch(`${baseURL()}/api/cryptos/${symbol}`);
  return ((await res.json()) as { priceUsd: number }).priceUsd;
}

/** The local helper that moves the offline price and ticks the PriceFeed (development and test only). */
async function movePrice(symbol: string, percent: number): Promise<{ price: number; fired: number }> {
  const res = await fetch(`${baseURL()}/api/dev/alerts/move-price`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ symbol, percent }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { price: number; fired: number };
}

async function expectAxeClean(page: Page, where: string) {
  await settle(page);
  expect(await axeViolations(page, where)).toEqual([]);
}

describe("alerts journey", () => {
  // The longest journey of the suite (two sign-ins, three full-page axe scans, mail and digest): 37 s on
  // a quiet machine, over a minute beside a loaded clean-clone run. Its limit only bounds a hang.
  it("sets a price alert, sees it fire in the bell and the outbox, and leaves the digest in one click", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/coin/link");
    await page.getByRole("link", { name: "Login" }).click();
    await signIn(page, MEMBER, "Alma");
    await page.waitForURL((url) => url.pathname === "/coin/link");
    await page.getByRole("button", { name: "Add to Watchlist" }).click();
    await page.getByRole("button", { name: "Remove from Watchlist" }).waitFor();

    // A price alert 2 % above the current price, from the coin page's Alerts dialog.
    const threshold = Math.round((await priceOf("LINK")) * 1.02 * 100) / 100;
    const shown = `$${threshold.toFixed(2)}`;
    await page.getByRole("button", { name: "Alerts", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Alerts on Chainlink" });
    await dialog.getByText("No alerts on Chainlink yet.").waitFor();
    await expectAxeClean(page, "coin page, alerts dialog");
    await dialog.getByLabel("Alert me when").selectOption("price_above");
    // Bad input is refused with the server's message next to the field, and the text stays.
    await dialog.getByLabel("Price (USD)").fill("-3");
    await dialog.getByRole("button", { name: "Add alert" }).click();
    await dialog.getByText("The threshold must be greater than 0").waitFor();
    await dialog.getByLabel("Price (USD)").fill(String(threshold));
    await dialog.getByRole("button", { name: "Add alert" }).click();
    await dialog.getByText(`Price rises above ${shown}`).waitFor();
    await dialog.getByText("Active").waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();

    // The alerts screen on the watchlist: the plan's limits, and the digest turned on.
    await page.goto("/markets?tab=watchlist");
    const panel = page.getByRole("region", { name: "Alerts", exact: true });
    await panel.getByText("1 of 3 alerts").waitFor();
    await panel.getByText("Plans: Free 3 · Lite 10 · Basic 25 · Pro 100 alerts.").waitFor();
    await panel.getByRole("radio", { name: "Daily" }).check();
    // A local run fires no cron: the time is only when the digest is due, and the screen says why.
    await panel.getByText(/^Next digest due: /).waitFor();
    await panel.getByText("This is a local run: its scheduled jobs run only when the site is deployed").waitFor();
    await expectAxeClean(page, "watchlist with alerts");

    // The price moves across the alert: it fires once, on that tick.
    const moved = await movePrice("LINK", 5);
    expect(moved.price).toBeGreaterThan(threshold);
    expect(moved.fired).toBe(1);
    expect((await movePrice("LINK", 0.5)).fired).toBe(0);

    await page.reload();
    const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
    await bell.waitFor();
    await bell.click();
    const event = page.getByRole("link", { name: new RegExp(`^LINK rose above \\${shown}`) });
    await event.waitFor();
    await expectAxeClean(page, "bell panel");
    await event.click();
    await page.waitForURL((url) => url.pathname === "/coin/link");
    await page.getByRole("button", { name: "Notifications", exact: true }).waitFor();

    // The alert mail, in the outbox the admin panel shows.
    const [alertMail] = await waitForMail(MEMBER, (m) => m.subject === `LINK rose above ${shown}`);
    expect(alertMail?.text).toContain(`${baseURL()}/coin/link`);
    expect(alertMail?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const admin = await openPage(browser());
    await admin.page.goto("/api/login?returnTo=%2Fadmin");
    await signIn(admin.page, E2E_ADMIN, E2E_ADMIN_NAME);
    await admin.page.getByRole("tab", { name: "Outbox" }).click();
    await admin.page.getByText(`LINK rose above ${shown}`).first().waitFor();
    await admin.context.close();

    // The digest goes out with the next minute's run, once.
    for (let run = 0; run < 2; run++) {
      const res = await fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(EVERY_MINUTE)}`);
      expect(res.ok).toBe(true);
    }
    const digests = await waitForMail(MEMBER, (m) => m.subject.startsWith("Your daily watchlist digest"));
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest?.text).toContain("LINK · Chainlink");
    expect(digest?.text).toMatch(/Price \$[\d.,]+, [+-][\d.]+% over 24 hours, as of /);
    expect(digest?.headers["List-Unsubscribe"]).toContain(`${baseURL()}/api/alerts/unsubscribe/digest/`);

    // One click: the link in the mail opens a page with one button.
    const stop = digest?.text.match(/Stop the digest with one click: (\S+)/)?.[1] ?? "";
    await page.goto(stop);
    await page.getByRole("heading", { name: "Unsubscribe from the watchlist digest?" }).waitFor();
    await expectAxeClean(page, "digest unsubscribe page");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "Unsubscribed" }).waitFor();
    await page.goto("/markets?tab=watchlist");
    const settingsLoaded = page.getByRole("group", { name: "Email" }).and(page.locator('[aria-busy="false"]'));
    await settingsLoaded.waitFor();
    expect(await page.getByRole("radio", { name: "Off" }).isChecked()).toBe(true);

    // A mail client's RFC 8058 POST to the alert mail's List-Unsubscribe address turns alert mails off.
    const oneClick = alertMail?.headers["List-Unsubscribe"]?.slice(1, -1) ?? "";
    const res = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    await page.reload();
    await settingsLoaded.waitFor();
    expect(await page.getByRole("checkbox", { name: /Email me when an alert fires/ }).isChecked()).toBe(false);

    await movePrice("LINK", -5);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it("the alerts screen and the bell are axe-clean in the dark theme", async () => {
    const { page, context } = await openPage(browser());
    await startInTheme(context, "dark");
    await page.goto("/api/login?returnTo=%2Fmarkets%3Ftab%3Dwatchlist");
    await signIn(page, MEMBER, "Alma");
    await page.getByRole("region", { name: "Alerts", exact: true }).getByText("1 of 3 alerts").waitFor();
    await expectAxeClean(page, "watchlist with alerts (dark)");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("link", { name: /^LINK rose above/ }).waitFor();
    await expectAxeClean(page, "bell panel (dark)");
    await context.close();
  });
});
