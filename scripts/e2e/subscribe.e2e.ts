import { describe, expect, it } from "vitest";
import { browserForFile, openPage, signIn } from "./browser.ts";

const browser = browserForFile();

describe("plans and payments (local test checkout)", () => {
  it("a signed-out visitor is asked to sign in", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/subscribe");
    await page.getByRole("heading", { name: "Sign In Required" }).waitFor();
    expect(await page.locator("main").getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/api/login?returnTo=%2Fsubscribe");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a member picks Basic, pays in the local checkout, lands on 'Welcome to Basic!' with 0/30, then buys credits", async () => {
    const { page, context, errors } = await openPage(browser());
    const stripeRequests: string[] = [];
    page.on("request", (req) => {
      if (/stripe\.com/.test(new URL(req.url()).hostname)) stripeRequests.push(req.url());
    });

    await page.goto("/subscribe");
    await page.locator("main").getByRole("link", { name: "Sign In" }).click();
    await signIn(page, "subscriber@coinsight.test", "Sam");
    await page.waitForURL((url) => url.pathname === "/subscribe");

    await page.getByRole("heading", { name: "Pro" }).waitFor();
    expect(await page.getByText("Most Popular").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Buy Credits" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Choose Basic" }).click();
    await page.getByRole("heading", { name: "Coinsight Basic" }).waitFor();
    await page.getByText("Test payment: no card is charged").waitFor();
    await page.getByRole("button", { name: "Subscribe to Coinsight Basic" }).click();

    await page.waitForURL((url) => url.pathname === "/subscription-success" && url.search === "?tier=basic");
    await page.getByRole("heading", { name: "Welcome to Basic!" }).waitFor();
    await page.getByText("You are now subscribed to Coinsight Basic!").waitFor();
    await page.getByRole("button", { name: "Account menu for Sam" }).click();
    await page.getByText("Plan: Basic").waitFor();
    await page.getByText("This month: 0/30").waitFor();
    await page.keyboard.press("Escape");

    // Now an active subscriber: the top-up is for sale.
    await page.goto("/subscribe");
    await page.getByRole("button", { name: "Buy Credits" }).click();
    await page.getByRole("heading", { name: "Top-up Credits" }).waitFor();
    await page.getByRole("button", { name: "Pay $5.00 for 10 credits" }).click();
    await page.waitForURL((url) => url.pathname === "/subscription-success" && url.search === "?type=credits");
    await page.getByRole("heading", { name: "Credits Added Successfully!" }).waitFor();

    // Manage Billing opens the (local) billing portal now that they have paid.
    await page.goto("/account");
    await page.getByRole("button", { name: "Manage Billing" }).click();
    await page.waitForURL((url) => url.pathname === "/api/billing/test-portal");
    await page.getByText("Current plan: Basic (active)").waitFor();

    // Offline, Stripe.js is never loaded, on /subscribe or anywhere else.
    expect(stripeRequests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a Pro member sees no advertisement on the coin page or the home page", async () => {
    const { page, context, errors } = await openPage(browser());
    const ad = page.getByText("Advertisement Space (Ads temporarily disabled for security)");
    await page.goto("/api/login?returnTo=%2Fcoin%2Fbtc");
    await signIn(page, "pro-reader@coinsight.test", "Pia");
    await page.waitForURL((url) => url.pathname === "/coin/btc");
    await ad.waitFor();

    await page.goto("/subscribe");
    await page.getByRole("button", { name: "Choose Pro" }).click();
    await page.getByRole("button", { name: "Subscribe to Coinsight Pro" }).click();
    await page.getByRole("heading", { name: "Welcome to Pro!" }).waitFor();

    for (const path of ["/coin/btc", "/"]) {
      await page.goto(path);
      await page.getByRole("button", { name: "Account menu for Pia" }).click();
      // The plan is known (same cache the ad slots read): now no slot may show.
      await page.getByText("Plan: Pro").waitFor();
      await page.keyboard.press("Escape");
      expect(await ad.count()).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
