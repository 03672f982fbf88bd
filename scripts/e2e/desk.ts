import type { Page } from "playwright-core";
import { E2E_ADMIN, E2E_ADMIN_NAME } from "./admin.ts";
import { signIn } from "./browser.ts";
import { d1, insertNews } from "./d1.ts";

/**
 * An article of a journey's own for the editors' desk, written through the site (insertNews): a
 * Trending Analysis (17) without a generation key, so journeys that count the day's articles never
 * count it; a draft unless `publishedAt` is given. Answers its id.
 */
export async function deskArticle(a: {
  slug: string;
  title: string;
  excerpt: string;
  html: string;
  publishedAt?: string;
}): Promise<number> {
  const { html, publishedAt, ...text } = a;
  await insertNews([
    {
      ...text,
      content: html,
      contentFormat: "html",
      categoryId: 17,
      imageUrl: "",
      publishedAt,
      status: publishedAt ? "published" : "draft",
    },
  ]);
  const [row] = await d1<{ id: number }>(`SELECT id FROM articles WHERE slug = '${a.slug}'`);
  if (!row) throw new Error(`${a.slug} was not written`);
  return row.id;
}

/** Signs `who` in (the shared admin unless named) and opens the desk's editor of article `id`. */
export async function openEditor(page: Page, id: number, who = { email: E2E_ADMIN, name: E2E_ADMIN_NAME }): Promise<void> {
  await page.goto(`/api/login?returnTo=${encodeURIComponent(`/admin/articles/${id}/edit`)}`);
  await signIn(page, who.email, who.name);
  await page.getByRole("heading", { name: "Article Editor" }).waitFor();
  await page.getByLabel("Title", { exact: true }).waitFor();
}
