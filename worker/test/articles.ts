import { env } from "cloudflare:test";
import { articles } from "#schema/db/content.ts";
import { invalidateContentCache } from "#worker/features/content/index.ts";
import { getDb } from "#worker/lib/db.ts";

type NewArticle = typeof articles.$inferInsert;

let counter = 0;

/**
 * Inserts an article (published an hour ago unless told otherwise) and returns its row. Like every
 * writer of articles, it bumps the content version (cached lists and the slug filter follow), unless
 * a test writes behind the caches' back on purpose (`invalidate: false`).
 */
export async function insertArticle(overrides: Partial<NewArticle> = {}, { invalidate = true }: { invalidate?: boolean } = {}) {
  counter += 1;
  const slug = overrides.slug ?? `test-article-${counter}`;
  const [row] = await getDb(env.DB)
    .insert(articles)
    .values({
      slug,
      title: `Bitcoin holds steady as ETF inflows continue (${counter})`,
      excerpt: "Bitcoin traded in a narrow range while spot ETF inflows extended their streak.",
      content: "## Market overview\n\nBitcoin traded between $63,800 and $64,400 over the day.",
      categoryId: 18,
      status: "published",
      publishedAt: new Date(Date.now() - 3_600_000).toISOString(),
      imageUrl: "/images/covers/daily-roundup.svg",
      readTime: 3,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  if (invalidate) await invalidateContentCache(env);
  return row;
}
