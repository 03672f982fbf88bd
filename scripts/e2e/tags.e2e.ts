import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations, settle } from "./axe.ts";
import { baseURL, browserForFile, openPage, waitForAppAfterLoads } from "./browser.ts";
import { deskArticle, openEditor } from "./desk.ts";
import { expectToast } from "./toast.ts";

/**
 * The desk's Tags tab in Chromium: an admin tags an article in its editor, renames the tag in the
 * Tags tab, and a reader's link to the old tag page lands on the new one; then the tag is deleted and
 * its page is gone. Its own article and tag, so no other journey meets them.
 */
const ARTICLE = { slug: "e2e-tags-koala-coin", title: "Koalacoin climbs the social charts" };
const TAG = { name: "E2E Koala Notes", slug: "e2e-koala-notes" };
const RENAMED = { name: "E2E Koala Journal", slug: "e2e-koala-journal" };

const browser = browserForFile();
let id = 0;
beforeAll(async () => {
  id = await deskArticle({
    ...ARTICLE,
    excerpt: "Koalacoin led the social charts.",
    html: "<p>Koalacoin traded in a narrow range.</p>",
    publishedAt: "2026-11-02T06:00:00.000Z",
  });
});

describe("the desk's Tags tab", () => {
  it("renames a tag the editor added, so its old address leads to the new page, and deletes it", async () => {
    const { page, errors, context } = await openPage(browser());
    await openEditor(page, id);
    const card = page.getByRole("region", { name: "Address, search and social" });
    await card.getByLabel("Tags").fill(TAG.name);
    await card.getByLabel("Tags").press("Enter");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Success", "Article updated successfully");

    await page.goto("/admin?tab=tags");
    const tabs = page.getByRole("region", { name: "Tags" });
    await tabs.getByRole("cell", { name: TAG.name, exact: true }).waitFor();
    await settle(page);
    const found = await axeViolations(page, "Tags tab");
    await tabs.getByRole("button", { name: `Rename ${TAG.name}` }).click();
    const field = tabs.getByLabel(`New name for ${TAG.name}`);
    await field.fill(RENAMED.name);
    await tabs.getByText(`/tag/${RENAMED.slug} (/tag/${TAG.slug} will lead there)`).waitFor();
    await field.press("Enter");
    await expectToast(page, "Success", `/tag/${TAG.slug} now leads to /tag/${RENAMED.slug}.`);
    await tabs.getByRole("link", { name: `/tag/${RENAMED.slug}` }).waitFor();

    // A reader's old link lands on the renamed tag's page (the server's 301), which lists the article.
    const reader = await browser().newContext({ baseURL: baseURL() });
    const readerPage = await reader.newPage();
    waitForAppAfterLoads(readerPage);
    const res = await readerPage.goto(`/tag/${TAG.slug}`);
    expect(new URL(readerPage.url()).pathname).toBe(`/tag/${RENAMED.slug}`);
    expect(res?.request().redirectedFrom()?.url()).toContain(`/tag/${TAG.slug}`);
    await readerPage.getByRole("heading", { level: 1, name: RENAMED.name }).waitFor();
    await readerPage.getByRole("heading", { level: 3, name: ARTICLE.title }).waitFor();

    // Deleted: asked first, then off the article, and its page is the not-found page.
    await tabs.getByRole("button", { name: `Delete ${RENAMED.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Delete “${RENAMED.name}”?` });
    await dialog.getByText("It is taken off 1 article.").waitFor();
    found.push(...(await axeViolations(page, "delete dialog")));
    await dialog.getByRole("button", { name: "Delete tag" }).click();
    await expectToast(page, "Success", `Deleted "${RENAMED.name}" and took it off 1 article.`);
    await readerPage.goto(`/tag/${RENAMED.slug}`);
    await readerPage.getByRole("heading", { name: "Tag not found" }).waitFor();

    expect(found).toEqual([]);
    expect(errors).toEqual([]);
    await reader.close();
    await context.close();
  }, 180_000);
});
