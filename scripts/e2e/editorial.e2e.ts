import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { browserForFile, openPage, signIn } from "./browser.ts";
import { d1, d1Batch } from "./d1.ts";
import { recordTexts, seenTexts } from "./seen-texts.ts";

/**
 * The editors' desk in Chromium: a held article is found, fixed, published, trashed, restored on
 * its slug, and another is deleted for good. Trending Analysis (17) without a generation key, so
 * journeys that count the day's generated articles never count these.
 */
const HELD = {
  slug: "e2e-desk-orbitcoin-social-surge",
  title: "Orbitcoin jumps 900% as social buzz builds",
  fixed: "Orbitcoin jumps 9% as social buzz builds",
};
const DOOMED = { slug: "e2e-desk-doomed-draft", title: "Doomed desk draft about Quokkacoin" };
const RESTORED = { slug: "e2e-desk-restore-with-diff", title: "Wombatcoin steadies after a quiet week" };

const browser = browserForFile();
beforeAll(async () => {
  await d1Batch([
    `INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at, crypto_symbol, crypto_name, review_reason)
     VALUES ('${HELD.slug}', '${HELD.title}', 'Orbitcoin led the social charts today.',
             '## Orbitcoin\n\nOrbitcoin rose **900%** in 24 hours while its social volume doubled.', 17, 'review', NULL, 'ORB', 'Orbitcoin',
             'Orbitcoin 24h change: +900% does not match the data (+9.0%)')`,
    `INSERT INTO articles (slug, title, excerpt, content, category_id, status, published_at)
     VALUES ('${DOOMED.slug}', '${DOOMED.title}', 'Never meant to be read.', 'Quokkacoin body', 17, 'draft', NULL)`,
    `INSERT INTO articles (slug, title, excerpt, content, content_format, category_id, status, published_at)
     VALUES ('${RESTORED.slug}', '${RESTORED.title}', 'A quiet week.', '<p>Wombatcoin held its range.</p><p>Volume was light.</p>', 'html', 17, 'draft', NULL)`,
  ]);
});
const idOf = async (slug: string) => (await d1<{ id: number }>(`SELECT id FROM articles WHERE slug = '${slug}'`))[0]?.id;

/** Move to Trash asks in a dialog first; its own Move to Trash button confirms. */
async function moveToTrash(page: Page) {
  await page.getByRole("button", { name: "Move to Trash" }).click();
  const dialog = page.getByRole("dialog", { name: /to the trash\?$/ });
  await dialog.getByText("Are you sure you want to move this article to trash? This action can be undone.").waitFor();
  await dialog.getByRole("button", { name: "Move to Trash" }).click();
}

async function toast(page: Page, title: string) {
  await page.getByTestId("toast").filter({ hasText: title }).waitFor();
}

describe("the editors' desk", () => {
  it("an admin fixes a held article, publishes, trashes, restores it, and deletes another forever", async () => {
    const { page, errors, context } = await openPage(browser());
    page.on("dialog", (dialog) => void dialog.accept());

    await page.goto("/api/login?returnTo=%2Fadmin%3Ftab%3Darticles");
    await signIn(page, E2E_ADMIN, E2E_ADMIN_NAME);
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByRole("tab", { name: "Articles" }).waitFor();
    const tabs = await page.getByRole("tab").allTextContents();
    expect(tabs.filter((t) => ["Overview", "Users", "Articles", "Outbox"].includes(t))).toEqual([
      "Overview",
      "Users",
      "Articles",
      "Outbox",
    ]);

    // The review filter shows the held article with its failed figure.
    await page.getByRole("button", { name: "Held for review" }).click();
    await page.waitForURL((url) => url.searchParams.get("filter") === "review");
    const row = page.getByRole("listitem", { name: HELD.title });
    await row.getByText("Orbitcoin 24h change: +900% does not match the data (+9.0%)").waitFor();

    // The editor: fix the figure in HTML mode, publish, save.
    await row.getByRole("link", { name: "Edit" }).click();
    await page.getByRole("heading", { name: "Article Editor" }).waitFor();
    await expect.poll(() => page.getByLabel("Title", { exact: true }).inputValue()).toBe(HELD.title);
    await page.getByLabel("Title", { exact: true }).fill(HELD.fixed);
    await page.getByRole("tab", { name: "HTML" }).click();
    const content = page.getByRole("textbox", { name: "Content" });
    expect(await content.inputValue()).toContain("<strong>900%</strong>");
    // The HTML box takes the field's whole width (it once shrank to a textarea's default 20 columns).
    const [box, panel] = await Promise.all([content.boundingBox(), page.getByRole("tabpanel").boundingBox()]);
    expect(box?.width).toBeGreaterThan((panel?.width ?? 0) - 2);
    await content.fill((await content.inputValue()).replace("900%", "9%"));
    await page.getByLabel("Version Notes").fill("Fixed the 24h change");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    // Still held for the reason it was stored with: publishing asks first, listing it, and records the override.
    const held = page.getByRole("dialog", { name: "Publish over held sentences?" });
    await held.getByText("Orbitcoin 24h change: +900% does not match the data (+9.0%)").waitFor();
    await held.getByRole("button", { name: "Publish anyway" }).click();
    await toast(page, "Article updated successfully");
    expect(await page.getByTestId("publish-state").textContent()).toBe("Published");

    // Readers see it on /news. Each reader check is a fresh browser: the public lists may be reused
    // from a browser's own HTTP cache for up to a minute (max-age=60), the server's caches are already new.
    const reader = await openPage(browser());
    await reader.page.goto("/news");
    await reader.page.getByRole("link", { name: HELD.fixed }).first().waitFor();
    await reader.context.close();

    // Trash: gone from /news and from search.
    const id = await idOf(HELD.slug);
    await page.goto(`/admin/articles/${id}/edit`);
    await moveToTrash(page);
    await page.waitForURL((url) => url.pathname === "/admin" && url.searchParams.get("tab") === "articles");
    const later = await openPage(browser());
    await later.page.goto("/news");
    // Loaded: the day's news and other files' articles, or the empty list on a site without any.
    await later.page.locator("main a[href^='/article/']").first().or(later.page.getByText("No articles found")).waitFor();
    expect(await later.page.getByRole("link", { name: HELD.fixed }).count()).toBe(0);
    await later.page.goto("/search?q=Orbitcoin");
    await later.page.getByText("No results found").waitFor();
    await later.context.close();

    // Restore from the trash: back on the same slug.
    await page.goto("/admin/trash");
    await page.getByRole("heading", { name: "Trash Manager" }).waitFor();
    const trashed = page.getByRole("row").filter({ hasText: HELD.fixed });
    await trashed.getByRole("cell", { name: "ORB", exact: true }).waitFor();
    await trashed.getByRole("button", { name: "Restore" }).click();
    await toast(page, "Article restored successfully!");
    await page.goto(`/article/${HELD.slug}`);
    await page.getByRole("heading", { level: 1, name: HELD.fixed }).waitFor();
    expect(await page.getByText("Orbitcoin rose 9% in 24 hours").count()).toBe(1);

    // Another article: trashed, then deleted forever.
    await page.goto(`/admin/articles/${await idOf(DOOMED.slug)}/edit`);
    await moveToTrash(page);
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.goto("/admin/trash");
    await page.getByPlaceholder("Search deleted articles...").fill("quokka");
    await page.getByRole("row").filter({ hasText: DOOMED.title }).getByRole("button", { name: "Delete Forever" }).click();
    await toast(page, "Article permanently deleted");
    await page.getByText("No matching articles found").or(page.getByText("Trash is empty")).waitFor();
    expect(await d1(`SELECT id FROM articles WHERE slug = '${DOOMED.slug}'`)).toEqual([]);

    expect(errors).toEqual([]);
    await context.close();
    // A long journey on a shared two-core machine.
  }, 180_000);

  it("an admin restores a version after reading its preview and its diff against the current text", async () => {
    const { page, errors, context } = await openPage(browser());
    await page.goto(`/api/login?returnTo=${encodeURIComponent(`/admin/articles/${await idOf(RESTORED.slug)}/edit`)}`);
    await signIn(page, E2E_ADMIN, E2E_ADMIN_NAME);
    await page.getByRole("heading", { name: "Article Editor" }).waitFor();
    await expect.poll(() => page.getByLabel("Title", { exact: true }).inputValue()).toBe(RESTORED.title);

    // One edit with a note: the first text becomes version 1, the edit is the current text.
    await page.getByLabel("Title", { exact: true }).fill("Wombatcoin breaks out");
    await page.getByRole("tab", { name: "HTML" }).click();
    await page.getByRole("textbox", { name: "Content" }).fill("<p>Wombatcoin broke out of its range.</p><p>Volume was light.</p>");
    await page.getByLabel("Version Notes").fill("Rewrote the lead");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Article updated successfully");

    await page.getByRole("button", { name: "Version History" }).click();
    const panel = page.getByRole("complementary", { name: "Version History" });
    await panel.getByText("Version 2 · Current").waitFor();
    expect(await panel.locator("li", { hasText: "Version 2 · Current" }).innerText()).toContain("Rewrote the lead");
    const first = panel.getByRole("button", { name: /Version 1/ });
    expect(await first.innerText()).toContain("First version");

    await first.click();
    const dialog = page.getByRole("dialog", { name: "Restore version 1?" });
    const diff = dialog.getByTestId("restore-diff");
    await diff.waitFor();
    const lines = await diff.locator("li").evaluateAll((items) => items.map((li) => [li.getAttribute("data-kind"), li.textContent]));
    expect(lines).toContainEqual(["removed", "−Wombatcoin broke out of its range."]);
    expect(lines).toContainEqual(["added", "+Wombatcoin held its range."]);
    expect(lines).toContainEqual(["added", `+${RESTORED.title}`]);
    await dialog.getByTestId("restore-preview").getByText("Wombatcoin held its range.").waitFor();
    await dialog.getByRole("button", { name: "Restore version 1" }).click();
    await toast(page, "Version 1 restored");
    await expect.poll(() => page.getByLabel("Title", { exact: true }).inputValue()).toBe(RESTORED.title);
    await panel.getByText("Version 3 · Current").waitFor();
    expect(await panel.locator("li", { hasText: "Version 3 · Current" }).innerText()).toContain("Restored version 1");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("a member is refused the editor and the trash with the spec's texts, then sent to /admin", async () => {
    const { page, context } = await openPage(browser());
    // Each refusal shows for 2 s before its redirect: the page records them as they appear.
    const trashTexts = [
      "Unauthorized: Admin access required. Redirecting...",
      "Access Denied: You need admin privileges to access this page.",
    ];
    const editorTexts = ["Unauthorized access. Admin privileges required.", "Admin access required. Redirecting..."];
    await recordTexts(context, [...trashTexts, ...editorTexts]);
    const heldId = await idOf(HELD.slug);
    await page.goto("/api/login?returnTo=%2F");
    await signIn(page, "editorial-reader@coinsight.test", "Rita");
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin/trash");
    await page.waitForURL((url) => url.pathname === "/admin");
    expect(await seenTexts(page)).toEqual(expect.arrayContaining(trashTexts));
    await page.goto(`/admin/articles/${heldId}/edit`);
    await page.waitForURL((url) => url.pathname === "/admin");
    expect(await seenTexts(page)).toEqual(expect.arrayContaining(editorTexts));
    await context.close();
  });
});
