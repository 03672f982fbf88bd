import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage } from "./browser.ts";
import { insertNews } from "./d1.ts";
import { buildNews, fetchCoins } from "./news-fixtures.ts";
import { ownSite } from "./site.ts";

// A site of its own: its empty states and its counts are of the whole site, which other files write to.
ownSite();
const browser = browserForFile();

const cardTitles = (page: Page, scope: string) => page.locator(`${scope} article h3`).allTextContents();

// The site has its seeded guides but no news yet (the day's pipeline has not run on it).
describe("before any news is written", () => {
  it("home, /news and the news categories show their empty states; guides are there", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/");
    await page.getByText("No daily roundup articles found").waitFor();
    await page.getByText("No trending analysis articles found").waitFor();
    const guides = page.getByRole("region", { name: "Crypto 101 Guides" });
    await guides.locator("article").first().waitFor();
    expect(await guides.locator("article").count()).toBe(3);

    await page.goto("/news");
    await page.getByText("No articles found").waitFor();
    await page.goto("/categories/trending-analysis");
    await page.getByRole("heading", { level: 1, name: "Trending Analysis" }).waitFor();
    await page.getByText("No trending analysis articles found").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("with news written from the site's market data", () => {
  let news: ReturnType<typeof buildNews>;
  beforeAll(async () => {
    news = buildNews(await fetchCoins(baseURL()));
    await insertNews(news);
  });

  it("home fills Daily Roundup (1), Trending Analysis (6, with rank badges), Crypto 101 (3) and Trending Now (5)", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/");
    const roundup = page.getByRole("region", { name: "Daily Roundup" });
    await roundup.locator("article").first().waitFor();
    expect(await roundup.locator("article").count()).toBe(1);
    expect(await roundup.locator("h3").textContent()).toMatch(/^Daily Roundup, .+: Bitcoin at \$[\d,]+\.\d{2}/);

    const trending = page.getByRole("region", { name: "Trending Analysis" });
    await trending.locator("article").nth(5).waitFor();
    expect(await trending.locator("article").count()).toBe(6);
    expect(await trending.locator("[data-band]").count()).toBe(6);

    const now = page.getByRole("region", { name: "Trending Now" });
    await now.locator("article").first().waitFor();
    expect(await now.locator("article").count()).toBe(5);
    expect(await now.getByRole("link", { name: "View all news" }).getAttribute("href")).toBe("/news");
    expect(await page.getByRole("region", { name: "Crypto 101 Guides" }).locator("article").count()).toBe(3);
    await page.getByText("Advertisement Space (Ads temporarily disabled for security)").first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("/news pages 20 at a time with its texts", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/news");
    await page.getByRole("heading", { level: 1, name: "Cryptocurrency News" }).waitFor();
    const total = ((await (await page.request.get("/api/articles?kind=news")).json()) as unknown[]).length;
    expect(total).toBeGreaterThanOrEqual(news.length);
    expect(total).toBeLessThanOrEqual(40);
    await page.getByText(`Page 1 of 2, Showing 1-20 of ${total} articles`).waitFor();
    expect(await page.locator("main article").count()).toBe(20);
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText(`Page 2 of 2, Showing 21-${total} of ${total} articles`).waitFor();
    expect(new URL(page.url()).search).toBe("?page=2");
    expect(await page.locator("main article").count()).toBe(total - 20);
    expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByText(`Page 1 of 2, Showing 1-20 of ${total} articles`).waitFor();
    await context.close();
  });

  it("a category page lists its articles", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/categories/daily-roundup");
    await page.getByRole("heading", { level: 1, name: "Daily Roundup" }).waitFor();
    const total = ((await (await page.request.get("/api/categories/daily-roundup/articles")).json()) as unknown[]).length;
    expect(total).toBeGreaterThanOrEqual(3);
    await page.getByText(`Page 1 of 1, Showing 1-${total} of ${total} articles`).waitFor();
    const titles = await cardTitles(page, "main");
    expect(titles.every((t) => t.startsWith("Daily Roundup, "))).toBe(true);
    await context.close();
  });

  it("an analysis reads with badge, disclaimer, share copy and related articles", async () => {
    const { page, context, errors } = await openPage(browser());
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    const first = page.getByRole("region", { name: "Trending Analysis" }).locator("article a").first();
    await first.waitFor();
    const title = (await first.locator("h3").textContent()) ?? "";
    await first.click();
    await page.waitForURL("**/article/*");
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    const crumbs = await page.getByRole("navigation", { name: "Breadcrumb" }).locator("li").allTextContents();
    expect(crumbs).toEqual(["Home", "News", title]);
    expect(await page.locator("main article").first().textContent()).toMatch(/ago · \d+ min read/);
    // No comments yet: the count is left out rather than read "0 comments".
    expect(await page.locator("main article").first().textContent()).not.toContain("0 comments");
    await page.locator("main [data-band]").first().waitFor();
    await page.getByRole("complementary", { name: "Disclaimer and credits" }).getByText("not financial advice", { exact: false }).waitFor();

    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    await page.getByTestId("toast").getByText("Link copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.getByRole("button", { name: "Copy link" }).waitFor({ timeout: 5_000 });

    const related = page.getByRole("region", { name: "Related Articles" });
    await related.locator("article").nth(2).waitFor();
    const relatedTitles = await related.locator("h3").allTextContents();
    expect(relatedTitles).toHaveLength(3);
    expect(relatedTitles).not.toContain(title);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("Crypto 101: a card filters, the search narrows, the toggle expands and collapses", async () => {
    const { page, context } = await openPage(browser());
    // Count what the site has: the seed's guides, whatever their number.
    const total = ((await (await page.request.get("/api/guides")).json()) as unknown[]).length;
    expect(total).toBeGreaterThanOrEqual(20);
    await page.goto("/crypto-101");
    const list = page.getByRole("region", { name: "All Guides" });
    await list.locator("article").nth(5).waitFor();
    expect(await list.locator("article").count()).toBe(6);

    await page.getByRole("button", { name: `View All ${total} Guides` }).click();
    expect(await list.locator("article").count()).toBe(total);
    await page.getByRole("button", { name: "Show Less" }).click();
    expect(await list.locator("article").count()).toBe(6);

    await page.getByRole("button", { name: /Security & Safety/ }).click();
    const filtered = page.getByRole("region", { name: "Security & Safety" });
    await filtered.waitFor();
    const categories = await filtered
      .locator("article span")
      .filter({ hasText: /^Security & Safety$/ })
      .count();
    expect(categories).toBe(await filtered.locator("article").count());
    await page.getByRole("button", { name: "Clear filters" }).click();

    await page.getByRole("searchbox", { name: "Search guides" }).fill("PHISHING");
    await page.waitForFunction(() => document.querySelectorAll("main article").length === 1);
    expect(await cardTitles(page, "main")).toEqual(["Spotting Crypto Scams and Phishing: Warning Signs to Know"]);
    await page.getByRole("searchbox", { name: "Search guides" }).fill("no such guide at all");
    await page.getByText("No guides found").waitFor();
    await page.getByRole("button", { name: "Clear search and show all guides" }).click();
    await page.waitForFunction((n) => document.querySelectorAll("main article").length === n, total);
    await context.close();
  });

  it("/search finds a coin by ticker and an article by a word in its text", async () => {
    const { page, context, errors } = await openPage(browser());
    await page.goto("/");
    const box = page.getByRole("combobox", { name: "Search" }).first();
    await box.fill("btc");
    await box.press("Enter");
    await page.waitForURL("**/search?q=btc");
    const coins = page.getByRole("region", { name: /^Cryptocurrencies/ });
    await coins.getByRole("link").first().waitFor();
    expect(await coins.getByRole("link").first().textContent()).toContain("Bitcoin");
    expect(await page.getByRole("heading", { name: /^Articles \(\d+\)$/ }).textContent()).not.toBe("Articles (0)");

    await page.goto(`/search?q=${encodeURIComponent("seed phrase")}`);
    await page.getByRole("heading", { name: "Cryptocurrencies (0)" }).waitFor();
    const articles = page.getByRole("region", { name: /^Articles/ });
    await articles.locator("article").first().waitFor();
    expect(await articles.locator("h3").first().textContent()).toBe("Protecting Your Seed Phrase: The Key to Your Crypto");
    expect(await articles.locator("mark").first().textContent()).toBe("Seed Phrase");

    await page.goto("/search?q=qqqxxzzq");
    await page.getByText("No results found").waitFor();
    await page.goto("/search");
    await page.getByText("What are you looking for?").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
