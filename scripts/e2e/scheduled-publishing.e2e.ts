import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage } from "./browser.ts";
import { deskArticle, openEditor } from "./desk.ts";
import { scheduleOnDesk } from "./schedule.ts";

/**
 * Scheduled publishing in Chromium: an admin schedules a draft from the desk, sees it on the Overview,
 * and readers get it once its time has passed, published by the site's own Workflow instance. A
 * Trending Analysis (17) without a generation key, so journeys that count the day's articles never count it.
 */
const DRAFT = { slug: "e2e-schedule-capybaracoin-outlook", title: "Capybaracoin outlook for the week ahead" };
const browser = browserForFile();
let id = 0;
beforeAll(async () => {
  id = await deskArticle({
    ...DRAFT,
    excerpt: "What the week may bring for Capybaracoin.",
    html: "<p>Capybaracoin traded in a narrow range.</p>",
  });
});

describe("scheduled publishing", () => {
  it("an admin schedules a draft on the desk, the Overview lists it, and readers get it once its time passes", async () => {
    const { page, errors, context } = await openPage(browser());
    const reader = await browser().newContext({ baseURL: baseURL() });
    const publicStatus = async () => (await reader.request.get(`/api/articles/${DRAFT.slug}`)).status();

    await openEditor(page, id);
    const { at, utc } = await scheduleOnDesk(page);
    // Not before its time: while the clock is short of it, readers get no article.
    const early = await publicStatus();
    expect(early === 404 || Date.now() >= at.getTime(), `public answer ${early} before ${at.toISOString()}`).toBe(true);

    await page.goto("/admin");
    const overview = page.getByRole("region", { name: "Scheduled articles" });
    const listed = overview.getByRole("listitem").filter({ has: page.getByRole("link", { name: DRAFT.title }) });
    await listed.getByText(utc).waitFor();
    await listed.getByText("Scheduled", { exact: true }).waitFor();

    // Its time passes: the site's Workflow publishes it. Waits on the public answer, not on the clock.
    await expect.poll(publicStatus, { timeout: 150_000, interval: 1_000 }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const readerPage = await reader.newPage();
    await readerPage.goto(`/article/${DRAFT.slug}`);
    await readerPage.getByRole("heading", { level: 1, name: DRAFT.title }).waitFor();

    // Carried out: the Overview no longer lists it (it refreshes on load).
    await page.goto("/admin");
    await overview.getByText("No articles are scheduled. Schedule one from its editor.").or(overview.getByRole("list")).first().waitFor();
    expect(await overview.getByRole("link", { name: DRAFT.title }).count()).toBe(0);
    expect(errors).toEqual([]);
    await reader.close();
    await context.close();
  }, 300_000);
});
