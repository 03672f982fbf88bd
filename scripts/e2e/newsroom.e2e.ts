import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { wranglerOutput } from "../lib/wrangler.ts";
import { runTodaysPipeline } from "../start.ts";
import { baseURL, launchBrowser, openPage } from "./browser.ts";

type Row = Record<string, string | number | null>;

/** Reads the e2e server's D1 database, as `wrangler d1 execute --local` sees it. */
function query(sql: string): Row[] {
  const out = wranglerOutput(["d1", "execute", "DB", "--local", "--persist-to", inject("persistTo"), "--json", "--command", sql]);
  const [result] = JSON.parse(out) as { results: Row[] }[];
  return result?.results ?? [];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("first-run newsroom pipeline", () => {
  it("npm start's trigger writes today's Daily Roundup and Trending Analyses, with real figures and their data time", async () => {
    const report = await runTodaysPipeline(baseURL());
    expect(report.done).toBe(true);
    expect(Object.values(report.tasks)).toEqual(Array(5).fill("completed"));
    expect(report.articles).toEqual({ published: 10, review: 0 });

    const articles = query(
      `SELECT slug, category_id, rank, status, published_at, data_as_of, content FROM articles WHERE generation_key LIKE '${report.date}:%' ORDER BY category_id DESC, rank`,
    );
    expect(articles.map((a) => a.category_id)).toEqual([18, 17, 17, 17, 17, 17, 17, 17, 17, 17]);
    for (const a of articles) {
      expect(a.status).toBe("published");
      expect(a.published_at).toBeTruthy();
      expect(a.data_as_of).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(String(a.content)).toMatch(/\*Data as of .+ UTC\.\*\n\n\*\*Sources:\*\* /);
    }

    // The roundup's Bitcoin price is the market table's, give or take the ticks since it was written.
    const roundup = String(articles[0]?.content);
    const quoted = Number(/Bitcoin \w+ [\d.]+% to \$([\d,]+\.\d\d)/.exec(roundup)?.[1]?.replace(/,/g, ""));
    const btc = (await (await fetch(`${baseURL()}/api/cryptos/btc`)).json()) as { priceUsd: number };
    expect(Math.abs(quoted / btc.priceUsd - 1)).toBeLessThan(0.02);

    // Running it again (a second `npm start` the same day) adds nothing.
    const again = await runTodaysPipeline(baseURL());
    expect(again.articles).toEqual(report.articles);
    expect(query(`SELECT count(*) AS n FROM articles WHERE generation_key LIKE '${report.date}:%'`)[0]?.n).toBe(10);
  });

  it("/admin renders the Overview tab (its API is mounted behind the admin guard at merge)", async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    expect(await page.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");
    await page.getByRole("heading", { name: "Generation status" }).waitFor();
    // Without the admin routes mounted, the Overview shows its error states rather than breaking.
    await page.getByText("Unable to load daily summary data").waitFor();
    await page.getByText("No status data available").waitFor();
    await page.getByRole("button", { name: "Trending top 100" }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
