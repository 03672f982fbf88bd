import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runTodaysPipeline } from "../lib/todays-pipeline.ts";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { baseURL, browserForFile, openPage, signIn } from "./browser.ts";
import { d1, failTodaysRun, waitForMail } from "./d1.ts";
import { recordTexts, seenTexts } from "./seen-texts.ts";
import { ownSite } from "./site.ts";

type Row = Record<string, string | number | null>;
const query = (sql: string) => d1<Row>(sql);

// A site of its own: the day's first run, its counts and the home page's newest analyses are the whole site's.
ownSite();
const browser = browserForFile();

/** Waits until the task's run of today has completed again after `since` (an ISO time), as the admin API tells it. */
async function rerunCompleted(page: Page, task: string, since: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await page.request.get("/api/admin/generation-status");
    expect(res.status()).toBe(200);
    const run = ((await res.json()) as Record<string, { status: string; completed_at: string | null }>)[task];
    if (run?.status === "completed" && (run.completed_at ?? "") > since) return;
    if (Date.now() > deadline) throw new Error(`${task} did not complete again since ${since}: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Waits until the admin API reports the task's run of today in `status`. */
async function runReads(page: Page, task: string, status: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await page.request.get("/api/admin/generation-status");
    const run = ((await res.json()) as Record<string, { status: string }>)[task];
    if (run?.status === status) return;
    if (Date.now() > deadline) throw new Error(`${task} is not ${status} as the admin API tells it: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe("first-run newsroom pipeline", () => {
  it("npm start's trigger writes today's Daily Roundup and Trending Analyses, with real figures and their data time", async () => {
    const report = await runTodaysPipeline(baseURL());
    expect(report.done).toBe(true);
    expect(Object.values(report.tasks)).toEqual(Array(5).fill("completed"));
    expect(report.articles).toEqual({ published: 10, review: 0 });

    const articles = await query(
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
    expect((await query(`SELECT count(*) AS n FROM articles WHERE generation_key LIKE '${report.date}:%'`))[0]?.n).toBe(10);
  });

  it("an admin runs the LunarCrush data and Trending top 100 by hand, recovers a failure, and readers get the articles", async () => {
    const { page, errors, context } = await openPage(browser());
    const today = new Date().toISOString().slice(0, 10);

    // A guest is told why and sent to sign in, coming back to the panel afterwards.
    // The refusal shows for 2 s before its redirect: the page records it as it appears.
    const refusal = [
      "Access Denied: You need admin privileges to access this page.",
      "Unauthorized - Admin access required. Redirecting to login...",
    ];
    await recordTexts(context, refusal);
    await page.goto("/admin");
    await page.waitForURL((url) => url.pathname === "/api/login");
    expect(await seenTexts(page)).toEqual(expect.arrayContaining(refusal));
    await signIn(page, E2E_ADMIN, E2E_ADMIN_NAME);
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
    expect(await page.getByRole("tab", { name: "Overview" }).getAttribute("aria-selected")).toBe("true");

    const tools = page.getByRole("region", { name: "Generation tools" });
    const card = (name: string) => page.getByRole("article", { name });
    for (const [task, key] of [
      ["LunarCrush data", "lunarcrush_data"],
      ["Trending top 100", "trending_top_100"],
    ] as const) {
      const clicked = new Date().toISOString();
      // The start's own answer first: on a loaded machine it can take longer than a toast wait, and a
      // refusal then names itself instead of timing out on a toast that never comes.
      const started = page.waitForResponse((r) => r.url().includes("/generate-") && r.request().method() === "POST", {
        timeout: 90_000,
      });
      await tools.getByRole("button", { name: task }).click();
      const answer = await started;
      expect(answer.status(), await answer.text()).toBe(202);
      await page.getByText("Success", { exact: true }).waitFor();
      await card(task).getByText("Completed", { exact: true }).waitFor({ timeout: 30_000 });
      // The card read "Completed" from the day's earlier run until this one began: wait for this one to complete
      // too, so it cannot overwrite the failure written below.
      await rerunCompleted(page, key, clicked);
    }
    await card("Trending top 100").getByText("3 published").waitFor();

    // A task that failed for good (as the Workflow's step records it after its last retry).
    await failTodaysRun("trending_top_100", {
      message: "LunarCrush answered 503 for coins/list/v2",
      stack: "UpstreamError: LunarCrush answered 503",
      suggestedAction: "Check the LunarCrush API status and retry.",
    });
    // The API says so first (its answer in the message if not), then a fresh load of the panel shows it.
    await runReads(page, "trending_top_100", "failed");
    await page.reload();
    await card("Trending top 100").getByText("Failed", { exact: true }).waitFor({ timeout: 20_000 });
    await card("Trending top 100").getByRole("button", { name: "View error" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("api_failure").waitFor();
    await dialog.getByText("LunarCrush answered 503 for coins/list/v2").waitFor();
    await dialog.getByRole("button", { name: "Retry Now" }).click();
    await page.getByText("Retry Success").waitFor();
    await card("Trending top 100").getByText("Completed", { exact: true }).waitFor({ timeout: 30_000 });
    // Still three articles: a retry finds its articles written and writes none twice.
    expect(
      (await d1<{ n: number }>(`SELECT count(*) AS n FROM articles WHERE generation_key LIKE '${today}:trending_top_100:%'`))[0]?.n,
    ).toBe(3);

    // Offline, the admin can read what the mail port captured instead of sending.
    const subscribe = await page.request.post("/api/newsletter/subscribe", { data: { email: "outbox-check@coinsight.test" } });
    expect(subscribe.ok()).toBe(true);
    // The confirmation goes through the mail queue: it is in the outbox a moment after the answer.
    await waitForMail("outbox-check@coinsight.test");
    await page.getByRole("tab", { name: "Outbox" }).click();
    const outbox = page.getByRole("region", { name: "Outbox" });
    await outbox.getByRole("button", { name: "Email" }).click();
    const mail = outbox.getByRole("listitem").filter({ hasText: "outbox-check@coinsight.test" });
    await mail.getByText("Confirm your Coinsight newsletter subscription").click();
    await mail.getByText("/api/newsletter/confirm/").first().waitFor();

    // Readers find the day's analyses on the home page and can open them.
    const generated = new Map(
      (
        await d1<{ slug: string; title: string }>(
          `SELECT slug, title FROM articles WHERE category_id = 17 AND status = 'published' AND generation_key LIKE '${today}:%'`,
        )
      ).map((a) => [a.title, a.slug]),
    );
    await page.goto("/");
    const link = page.getByRole("region", { name: "Trending Analysis" }).locator("article a").first();
    await link.waitFor();
    const title = (await link.innerText()).trim();
    const [articleTitle = "", slug] = [...generated].find(([t]) => title.includes(t)) ?? [];
    expect(slug, `"${title}" is one of today's generated analyses`).toBeTruthy();
    await link.click();
    await page.waitForURL((url) => url.pathname === `/article/${slug}`);
    await page.getByRole("heading", { level: 1, name: articleTitle }).waitFor();
    await page
      .getByText(/Data as of .+ UTC\./)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a member who is not an admin is refused by the page and by the API", async () => {
    const { page, context } = await openPage(browser());
    await page.goto("/api/login?returnTo=/account");
    await signIn(page, "newsroom-reader@coinsight.test", "Rhea");
    await page.waitForURL((url) => url.pathname === "/account");
    expect((await page.request.get("/api/admin/generation-status")).status()).toBe(403);
    await page.goto("/admin");
    await page.getByText("Access Denied: You need admin privileges to access this page.").waitFor();
    expect(await page.getByRole("heading", { name: "Admin Panel" }).count()).toBe(0);
    await page.waitForURL((url) => url.pathname === "/api/login" && url.searchParams.get("returnTo") === "/");
    await context.close();
  });
});
