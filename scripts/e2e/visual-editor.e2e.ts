import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, browserForFile, openPage, waitForAppAfterLoads } from "./browser.ts";
import { d1 } from "./d1.ts";
import { deskArticle, openEditor } from "./desk.ts";
import { scheduleOnDesk } from "./schedule.ts";

/**
 * The visual editor in Chromium (issue 46): an admin writes in the Visual tab, the tab closes before a
 * save, the editor offers the unsaved text back, the admin restores and saves it, schedules the article
 * with the Schedule card, and readers get the restored text once its time has passed (published by the
 * site's own Workflow). A Trending Analysis (17) without a generation key, so journeys that count the
 * day's articles never count it.
 */
const DRAFT = { slug: "e2e-visual-editor-quokkacoin-notes", title: "Quokkacoin notes from the week" };
const TYPED = "Quokkas hopped ahead of the market";
const BOLD = "on thin volume";

const browser = browserForFile();
let id = 0;
beforeAll(async () => {
  id = await deskArticle({ ...DRAFT, excerpt: "What moved Quokkacoin this week.", html: "<p>Quokkacoin opened the week quietly.</p>" });
});

describe("the visual editor", () => {
  it("an admin writes, closes the tab, restores the text, schedules the article and readers get it at its time", async () => {
    const editPath = `/admin/articles/${id}/edit`;
    const { page, errors, context } = await openPage(browser());
    const reader = await browser().newContext({ baseURL: baseURL() });
    const publicArticle = () => reader.request.get(`/api/articles/${DRAFT.slug}`);

    await openEditor(page, id);

    // Writes in the Visual tab: a new paragraph at the end, part of it bold from the keyboard.
    const surface = page.getByTestId("visual-editor");
    await surface.getByText("Quokkacoin opened the week quietly.").click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(`${TYPED} `);
    await page.keyboard.press("Control+b");
    await page.keyboard.type(BOLD);
    await page.keyboard.press("Control+b");
    await expect.poll(() => page.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("false");
    await page.getByTestId("word-count").getByText("14 words · 1 min read").waitFor();
    // Autosaved to this browser and to the server.
    await page
      .getByTestId("autosave-status")
      .getByText(/^Draft saved \d\d:\d\d$/)
      .waitFor();

    // The tab closes before anything is saved.
    await page.close();
    const again = await context.newPage();
    again.on("pageerror", (err) => errors.push(err.message));
    waitForAppAfterLoads(again);
    await again.goto(editPath);
    const notice = again.getByTestId("draft-recovery");
    await notice.getByRole("heading", { name: "Restore unsaved changes" }).waitFor();
    // Still the stored article until the admin decides.
    expect(await again.getByTestId("visual-editor").textContent()).not.toContain(TYPED);
    await notice.getByRole("button", { name: "Restore" }).click();
    await again.getByTestId("visual-editor").getByText(BOLD).waitFor();
    expect(await again.getByTestId("visual-editor").locator("strong").textContent()).toBe(BOLD);

    await again.getByRole("button", { name: "Save Changes" }).click();
    await again.getByText("Article updated successfully").waitFor();
    const [stored] = await d1<{ content: string }>(`SELECT content FROM articles WHERE id = ${id}`);
    expect(stored?.content).toBe(`<p>Quokkacoin opened the week quietly.</p><p>${TYPED} <strong>${BOLD}</strong></p>`);
    // The save cleared the drafts: nothing is offered on the next visit.
    expect(await d1(`SELECT 1 FROM article_drafts WHERE article_id = ${id}`)).toEqual([]);

    const { at } = await scheduleOnDesk(again);
    expect((await publicArticle()).status() === 404 || Date.now() >= at.getTime()).toBe(true);

    // Its time passes: the site's Workflow publishes it. Waits on the public answer, not on the clock.
    await expect.poll(async () => (await publicArticle()).status(), { timeout: 150_000, interval: 1_000 }).toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const readerPage = await reader.newPage();
    await readerPage.goto(`/article/${DRAFT.slug}`);
    await readerPage.getByRole("heading", { level: 1, name: DRAFT.title }).waitFor();
    await readerPage.locator("strong", { hasText: BOLD }).waitFor();
    expect(errors).toEqual([]);
    await reader.close();
    await context.close();
  }, 300_000);
});
