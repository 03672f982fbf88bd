import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { baseURL, browserForFile, openPage, signIn } from "./browser.ts";

const browser = browserForFile();

const card = (page: Page) => page.getByRole("region", { name: "Ask Coinsight" });

async function answerOf(page: Page, question: RegExp, heading: RegExp) {
  await card(page).getByRole("button", { name: question }).click();
  await card(page).getByRole("heading", { name: heading }).waitFor();
}

describe("Ask Coinsight journeys", () => {
  it("a guest asks the free question and is sent to /subscribe by a locked one", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/coin/btc");
    await card(page)
      .getByText(/Guests can ask the free question/)
      .waitFor();
    await answerOf(page, /^What is Bitcoin\?$/, /About Bitcoin \(BTC\)/);
    // The heading arrives with the first streamed line; the footer with the last.
    await card(page)
      .getByText(/^As of /)
      .waitFor();
    const text = await card(page).innerText();
    expect(text).toContain("ranked #1 by market capitalisation");
    expect(text).toMatch(
      /As of \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC\. Sources: Demo market data replayed from CoinGecko figures recorded \d{1,2} \w+ \d{4}/,
    );

    await card(page).getByRole("button", { name: "What range could BTC trade in? (subscribers only)" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a member spends both trial queries and is asked to subscribe; the header follows", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/api/login?returnTo=%2Fcoin%2Feth");
    await signIn(page, "trial-asker@coinsight.test", "Tess");
    await page.waitForURL((url) => url.pathname === "/coin/eth");
    await card(page).getByText("Trial queries: 2/2 left").waitFor();

    await answerOf(page, /^How has ETH's price moved\?$/, /How Ethereum has moved/);
    await card(page).getByText("Trial queries: 1/2 left").waitFor();
    await answerOf(page, /^What range could ETH trade in\?$/, /Ethereum's price range from its past volatility/);
    await card(page).getByText("Trial queries: 0/2 left").waitFor();
    await card(page).getByText("Please subscribe for more queries.").waitFor();
    // Said once, by the banner.
    expect(
      await card(page)
        .getByText(/subscribe for more queries/)
        .count(),
    ).toBe(1);

    // The header's plan line was updated from the answers, without a reload.
    await page.getByRole("button", { name: "Account menu for Tess" }).click();
    await page.getByText("Trial queries: 0/2 left").first().waitFor();
    await page.keyboard.press("Escape");

    // An answered question toggles; a premium one is now locked.
    const answered = card(page).getByRole("button", { name: /^How has ETH's price moved\?$/ });
    expect(await answered.getAttribute("aria-expanded")).toBe("true");
    await answered.click();
    expect(await answered.getAttribute("aria-expanded")).toBe("false");
    await card(page).getByRole("button", { name: "What's the social mood on ETH? (subscribers only)" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("an admin sees Admin Pro Access and asks without limits", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/api/login?returnTo=%2Fcoin%2Fbtc");
    await signIn(page, E2E_ADMIN, E2E_ADMIN_NAME);
    await page.waitForURL((url) => url.pathname === "/coin/btc");
    await card(page).getByText("Admin Pro Access").waitFor();
    await answerOf(page, /^What range could BTC trade in\?$/, /Bitcoin's price range from its past volatility/);
    // The range comes from the most recent month of daily closes the site holds, and says which days.
    await card(page).getByText("A statistical range, not a forecast or advice.").waitFor();
    expect(await card(page).innerText()).toMatch(/measured on daily closes \d{1,2}/);
    expect(
      await card(page)
        .getByText(/subscribers only/)
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a Lite member at the monthly limit buys 10 more questions from the card, spends one, reads it again free after a reload, and sees the payments", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/api/login?returnTo=%2Fsubscribe");
    await signIn(page, "limit-asker@coinsight.test", "Lena");
    await page.waitForURL((url) => url.pathname === "/subscribe");
    await page.getByRole("button", { name: "Choose Lite" }).click();
    await page.getByRole("button", { name: "Subscribe to Coinsight Lite" }).click();
    await page.getByRole("heading", { name: "Welcome to Lite!" }).waitFor();

    // Spend the month's 15 questions through the API (same cookies, same origin).
    for (let i = 0; i < 15; i++) {
      const res = await page.request.post("/api/ask-coinsight", {
        headers: { origin: baseURL(), "content-type": "application/json" },
        data: { coinSymbol: "BTC", coinName: "Bitcoin", questionType: "price_movement", priceChange24h: null },
      });
      expect(res.status()).toBe(200);
    }

    await page.goto("/coin/btc");
    await card(page).getByText("Queries this month: 15/15").waitFor();
    const banner = card(page).getByTestId("ask-banner");
    await banner.getByText("Monthly query limit exceeded. Upgrade or wait until next month.").waitFor();
    expect(await page.getByText(/Monthly query limit exceeded/).count()).toBe(1);
    await banner.getByRole("link", { name: "Buy 10 more questions for $5.00" }).click();
    await page.waitForURL((url) => url.pathname === "/subscribe" && url.search === "?buy=credits");
    await page.getByRole("button", { name: "Pay $5.00 for 10 credits" }).click();
    await page.getByRole("heading", { name: "Credits Added Successfully!" }).waitFor();

    await page.goto("/coin/btc");
    await card(page).getByText("Queries this month: 15/15 · 10 credits").waitFor();
    await card(page)
      .getByText(/Each premium question uses 1 credit \(10 credits left\)/)
      .waitFor();
    await answerOf(page, /^What range could BTC trade in\?$/, /Bitcoin's price range from its past volatility/);
    await card(page).getByText("Queries this month: 15/15 · 9 credits").waitFor();
    await page.getByRole("button", { name: "Account menu for Lena" }).click();
    await page.getByTestId("plan-summary").getByText("This month: 15/15 · 9 credits").waitFor();
    await page.keyboard.press("Escape");

    // After a reload the paid answer is still there, closed; reading it again costs nothing.
    await page.reload();
    const range = card(page).getByRole("button", { name: /^What range could BTC trade in\?$/ });
    await expect.poll(() => range.getAttribute("aria-expanded")).toBe("false");
    await range.click();
    await card(page)
      .getByText(/Reading it again is free\./)
      .waitFor();
    await card(page).getByText("Queries this month: 15/15 · 9 credits").waitFor();

    // The account page lists both payments and the credits left.
    await page.goto("/account");
    const payments = page.getByRole("region", { name: "Payments" });
    await payments.getByRole("cell", { name: "10 Ask Coinsight credits" }).waitFor();
    await payments.getByRole("cell", { name: "Coinsight Lite plan, one month" }).waitFor();
    expect(await payments.getByRole("cell", { name: "$5.00" }).count()).toBe(1);
    await page.getByTestId("account-credits").getByText("9 left").waitFor();

    // Cancel at the period's end in the (local) customer portal: the account page says when it ends.
    await page.getByRole("button", { name: "Manage Billing" }).click();
    await page.waitForURL((url) => url.pathname === "/api/billing/test-portal");
    await page.getByRole("button", { name: "Cancel at the end of the period" }).click();
    await page.waitForURL((url) => url.pathname === "/account");
    await page
      .getByTestId("plan-renewal")
      .getByText(/^Cancels on \d{1,2} [A-Z][a-z]+ \d{4}\./)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
