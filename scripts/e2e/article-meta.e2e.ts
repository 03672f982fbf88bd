import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, settle } from "./axe.ts";
import { baseURL, browserForFile, openPage, waitForAppAfterLoads } from "./browser.ts";
import { deskArticle, openEditor } from "./desk.ts";
import { expectToast } from "./toast.ts";

/**
 * The desk's metadata in Chromium (issue 46): an admin renames an article's slug, tags it and writes a
 * meta description, previews the unsaved article on the site, saves, and a reader's old address lands
 * on the new one, whose tag leads to the tag's page. A Trending Analysis (17) without a generation key,
 * so journeys that count the day's articles never count it.
 */
const ARTICLE = {
  slug: "e2e-meta-wombatcoin-first-look",
  renamed: "e2e-meta-wombatcoin-outlook",
  title: "Wombatcoin draws a crowd on social media",
};
const TAG = { name: "E2E Wombat Watch", slug: "e2e-wombat-watch" };
const DESCRIPTION = "Why Wombatcoin's social volume jumped, in one line.";

const browser = browserForFile();
let id = 0;
beforeAll(async () => {
  // Through the site, with a new content version: readers' caches and the slug filter then know it.
  id = await deskArticle({
    slug: ARTICLE.slug,
    title: ARTICLE.title,
    excerpt: "Wombatcoin led the social charts.",
    html: "<p>Wombatcoin traded in a narrow range.</p>",
    publishedAt: "2026-11-01T06:00:00.000Z",
  });
});

describe("article metadata on the desk", () => {
  it("renames the slug, tags and describes the article, previews it unsaved, and the old address leads to the new one", async () => {
    const { page, errors, context } = await openPage(browser());
    await openEditor(page, id);

    const card = page.getByRole("region", { name: "Address, search and social" });
    await card.getByLabel("Slug").fill(ARTICLE.renamed);
    await card.getByText(`/article/${ARTICLE.slug} will redirect there`).waitFor();
    await card.getByLabel("Tags").fill(TAG.name);
    await card.getByLabel("Tags").press("Enter");
    await card.getByRole("list", { name: "Current tags" }).getByText(TAG.name).waitFor();
    await card.getByLabel("Meta description").fill(DESCRIPTION);
    await card.getByText(`${DESCRIPTION.length} / 160`).waitFor();
    // The new card, its chips and counters pass WCAG 2.2 AA like the rest of the desk.
    const found = await axeViolations(page, "desk with the metadata card");

    // Preview on site: the unsaved article in a new tab, as readers would see it.
    const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Preview on site" }).click()]);
    await preview.waitForURL(/\/preview\/[a-f0-9]{32}$/);
    await preview.getByRole("heading", { level: 1, name: ARTICLE.title }).waitFor();
    await preview.getByText("Preview of unsaved changes").waitFor();
    await preview.getByRole("list", { name: "Tags" }).getByRole("link", { name: TAG.name }).waitFor();
    await settle(preview);
    found.push(...(await axeViolations(preview, "preview page")));
    await preview.close();
    // Nothing was saved by the preview: readers still find the article at its old address only.
    const reader = await browser().newContext({ baseURL: baseURL() });
    const answer = await reader.request.get(`/api/articles/${ARTICLE.slug}`);
    expect((await answer.json()) as { slug: string }).toMatchObject({ slug: ARTICLE.slug });
    expect((await reader.request.get(`/api/tags/${TAG.slug}`)).status()).toBe(404);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "Article updated successfully");

    // A reader's old link lands on the new address (the server's 301), with the new description.
    const readerPage = await reader.newPage();
    // Its tag link is clicked below: wait for the app to take the page over, as openPage's pages do.
    waitForAppAfterLoads(readerPage);
    const res = await readerPage.goto(`/article/${ARTICLE.slug}`);
    expect(new URL(readerPage.url()).pathname).toBe(`/article/${ARTICLE.renamed}`);
    expect(res?.request().redirectedFrom()?.url()).toContain(`/article/${ARTICLE.slug}`);
    await readerPage.getByRole("heading", { level: 1, name: ARTICLE.title }).waitFor();
    expect(await readerPage.locator('meta[name="description"]').getAttribute("content")).toBe(DESCRIPTION);

    // Its tag leads to the tag's page, which lists it.
    await readerPage.getByRole("list", { name: "Tags" }).getByRole("link", { name: TAG.name }).click();
    await readerPage.waitForURL(`**/tag/${TAG.slug}`);
    await readerPage.getByRole("heading", { level: 1, name: TAG.name }).waitFor();
    await readerPage.getByRole("heading", { level: 3, name: ARTICLE.title }).waitFor();
    await settle(readerPage);
    found.push(...(await axeViolations(readerPage, "tag page")));
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await reader.close();
    await context.close();
  }, 180_000);
});
