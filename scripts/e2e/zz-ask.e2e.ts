import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserForFile, openPage, signIn } from "./browser.ts";

// Named to run after the other journeys: it only adds members and answers, which no other file reads.

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
    expect(text).toMatch(/As of \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC\. Sources: Demo market data replayed from a CoinGecko snapshot/);

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
    await answerOf(page, /^Latest Ethereum news$/, /Latest on Coinsight about Ethereum/);
    await card(page).getByText("Trial queries: 0/2 left").waitFor();
    await card(page).getByText("Please subscribe for more queries.").waitFor();

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
    await signIn(page, "admin@coinsight.test", "Ada");
    await page.waitForURL((url) => url.pathname === "/coin/btc");
    await card(page).getByText("Admin Pro Access").waitFor();
    await answerOf(page, /^What range could BTC trade in\?$/, /Bitcoin's price range from its past volatility/);
    // The replayed history ends now (issue 31), so Bitcoin has its month of daily closes; the server's label follows the checked answer.
    await card(page).getByText("Not a forecast or advice.").waitFor();
    expect(await card(page).innerText()).not.toContain("does not hold enough daily price history");
    expect(
      await card(page)
        .getByText(/subscribers only/)
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
