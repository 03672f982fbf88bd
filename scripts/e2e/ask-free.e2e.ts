import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage, signIn } from "./browser.ts";

const browser = browserForFile();

const usage = (page: Page) => page.getByTestId("ask-usage");
const lastTurn = (page: Page) => page.getByTestId("ask-turn").last();

/** Sends a question from the box and waits until its turn has ended, answered or not. */
async function ask(page: Page, question: string) {
  const turns = await page.getByTestId("ask-turn").count();
  await page.getByRole("textbox", { name: /Your question|Ask a follow-up/ }).fill(question);
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  await expect.poll(() => page.getByTestId("ask-turn").count()).toBe(turns + 1);
  await page.waitForFunction(() => {
    const all = document.querySelectorAll('[data-testid="ask-turn"]');
    const status = all[all.length - 1]?.getAttribute("data-status");
    return status === "answered" || status === "refused" || status === "failed";
  });
  return (await lastTurn(page).getAttribute("data-status")) ?? "";
}

describe("Ask in your own words (/ask)", () => {
  it("a member compares, follows up, corrects a plan, screens and asks about their watchlist; only answers are counted; the questions are kept", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/api/login?returnTo=%2Fsubscribe");
    await signIn(page, "free-text-asker@coinsight.test", "Frida");
    await page.waitForURL((url) => url.pathname === "/subscribe");
    await page.getByRole("button", { name: "Choose Lite" }).click();
    await page.getByRole("button", { name: "Subscribe to Coinsight Lite" }).click();
    await page.getByRole("heading", { name: "Welcome to Lite!" }).waitFor();
    const add = await page.request.post("/api/watchlist/add", {
      headers: { origin: baseURL(), "content-type": "application/json" },
      data: { cryptoSymbol: "SOL", cryptoName: "Solana" },
    });
    expect(add.status()).toBeLessThan(300);

    await page.goto("/ask");
    await page.getByRole("heading", { name: "Ask Coinsight", level: 1 }).waitFor();
    await usage(page).getByText("Queries this month: 0/15").waitFor();

    expect(await ask(page, "should i buy sol right now?")).toBe("refused");
    await lastTurn(page).getByText("Nothing was counted.").waitFor();
    await usage(page).getByText("Queries this month: 0/15").waitFor();

    expect(await ask(page, "is sol doing better than eth this week?")).toBe("answered");
    const plan = lastTurn(page).getByTestId("ask-plan");
    expect(await plan.innerText()).toContain("Comparing Solana and Ethereum over 7 days");
    expect(await lastTurn(page).getByRole("table").count()).toBeGreaterThan(0);
    await lastTurn(page)
      .getByText(/Counted as one question/)
      .waitFor();
    await usage(page).getByText("Queries this month: 1/15").waitFor();

    // A follow-up keeps the coins; a click corrects its period, answered again in place.
    expect(await ask(page, "and over a month?")).toBe("answered");
    expect(await lastTurn(page).getByTestId("ask-plan").innerText()).toContain("30 days");
    await usage(page).getByText("Queries this month: 2/15").waitFor();
    await lastTurn(page).getByRole("button", { name: "24 hours" }).click();
    await page.waitForFunction(() => {
      const all = document.querySelectorAll('[data-testid="ask-turn"]');
      return all[all.length - 1]?.getAttribute("data-status") === "answered" && all[all.length - 1]?.textContent?.includes("24 hours");
    });
    await usage(page).getByText("Queries this month: 3/15").waitFor();

    await page.getByRole("button", { name: "Start over" }).click();
    expect(await ask(page, "which top 100 coins fell most today?")).toBe("answered");
    expect(await lastTurn(page).getByRole("row").count()).toBeGreaterThan(3);
    await usage(page).getByText("Queries this month: 4/15").waitFor();

    expect(await ask(page, "how did my coins do this week?")).toBe("answered");
    expect(await lastTurn(page).getByRole("table").innerText()).toContain("Solana");
    await usage(page).getByText("Queries this month: 5/15").waitFor();

    // Kept: five answered questions (the refusal is not), deletable.
    const history = page.getByRole("region", { name: "Your questions" });
    const items = history.getByRole("listitem");
    await expect.poll(() => items.count()).toBe(5);
    await history.getByRole("button", { name: "Delete “how did my coins do this week?”" }).click();
    await expect.poll(() => items.count()).toBe(4);
    await page.reload();
    await expect.poll(() => items.count()).toBe(4);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a guest sees what is free, asks it free, and is asked to sign in for their watchlist", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/ask");
    await usage(page)
      .getByText(/Guests can ask what a coin is, free\./)
      .waitFor();
    expect(await ask(page, "what is chainlink?")).toBe("answered");
    await lastTurn(page).getByText("Free: not counted.").waitFor();
    expect(await ask(page, "how did my coins do this week?")).toBe("failed");
    await lastTurn(page).getByRole("link", { name: "Sign in" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the coin card's box asks on /ask about that coin, once", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/coin/link");
    await page.getByRole("textbox", { name: "Ask about Chainlink in your own words" }).fill("what is it?");
    await page.getByRole("region", { name: "Ask Coinsight" }).getByRole("button", { name: "Ask", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/ask");
    await page.waitForFunction(() => document.querySelector('[data-testid="ask-turn"]')?.getAttribute("data-status") === "answered");
    expect(await lastTurn(page).getByTestId("ask-plan").innerText()).toContain("About Chainlink");
    await page.reload();
    await page.getByRole("heading", { name: "Ask Coinsight", level: 1 }).waitFor();
    expect(await page.getByTestId("ask-turn").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
