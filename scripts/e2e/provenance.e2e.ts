import { beforeAll, describe, expect, it } from "vitest";
import { runTodaysPipeline } from "../lib/todays-pipeline.ts";
import { baseURL, browserForFile, openPage } from "./browser.ts";
import { d1 } from "./d1.ts";

const browser = browserForFile();
beforeAll(async () => {
  // Today's articles: global-setup.ts ran the day's pipeline; this only starts it if the day turned since (idempotent).
  await runTodaysPipeline(baseURL());
});
/** Words of the machinery that readers must never see. */
const PLUMBING = /configured|offline mode|offline sentiment|recorded snapshot|API key|LUNARCRUSH|COINGECKO_|LLM_|\{\{/;

describe("provenance of a generated article", () => {
  it("shows its byline, how it was produced, both data times and a methodology link, and no plumbing", async () => {
    const [row] = await d1<{ slug: string }>(
      "SELECT slug FROM articles WHERE category_id = 17 AND status = 'published' AND generation_key IS NOT NULL ORDER BY id DESC LIMIT 1",
    );
    expect(row).toBeTruthy();
    const { context, page, errors } = await openPage(browser());
    await page.goto(`/article/${row?.slug}`);
    const byline = page.getByTestId("article-byline");
    await byline.waitFor();
    const text = await byline.innerText();
    expect(text).toContain("Coinsight Newsroom");
    expect(text).toContain("Written from data by Coinsight's template writer");
    expect(text).toMatch(/Market data as of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
    expect(text).toMatch(/Social data as of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/);
    expect(await byline.getByRole("link", { name: "How this article was made" }).getAttribute("href")).toBe("/methodology");
    const credits = await page.getByRole("complementary", { name: "Disclaimer and credits" }).innerText();
    expect(credits).toContain("Social data: Coinsight sentiment model, estimated from market activity");
    expect(credits).not.toContain("LunarCrush");
    expect(await page.getByTestId("demo-notice").innerText()).toMatch(/^Demo data recorded \d{1,2} \w+ \d{4}/);
    expect(await page.locator("main").innerText()).not.toMatch(PLUMBING);
    // Machines are told the same: JSON-LD names the newsroom, the writer and the methodology.
    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(String(ld))).toMatchObject({
      author: { name: "Coinsight Newsroom" },
      creditText: "Written from data by Coinsight's template writer",
      publishingPrinciples: `${baseURL()}/methodology`,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders /methodology", async () => {
    const { context, page, errors } = await openPage(browser());
    await page.goto("/methodology");
    await page.getByRole("heading", { level: 1, name: "How our articles are made" }).waitFor();
    for (const name of ["The data", "The momentum score", "Who writes", "The checks"]) {
      expect(await page.getByRole("heading", { level: 2, name }).count()).toBe(1);
    }
    expect(await page.locator("main").innerText()).not.toMatch(PLUMBING);
    expect(errors).toEqual([]);
    await context.close();
  });
});
