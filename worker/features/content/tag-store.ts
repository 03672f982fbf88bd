import { and, asc, desc, eq, isNull, max, or, sql } from "drizzle-orm";
import type { Tag } from "#schema/contracts/article-meta.ts";
import { articleSlugRedirects, articles, articleTags, categories, tagSlugRedirects, tags } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import { isPublic, summaryColumns, toSummary } from "./article-store.ts";

/** An article's tags in the editor's order. */
export async function tagsOfArticle(db: Db, articleId: number): Promise<Tag[]> {
  return db
    .select({ slug: tags.slug, name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, articleId))
    .orderBy(asc(articleTags.position), asc(tags.slug));
}

/**
 * The tag at `slug`, or the one an earlier address `slug` leads to (renamed or merged: its current slug
 * then differs), when at least one public article carries it: a tag only drafts use has no page yet.
 */
export async function findPublicTag(db: Db, slug: string, now: string): Promise<(Tag & { id: number }) | null> {
  const [row] = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(
      and(
        or(
          eq(tags.slug, slug),
          eq(tags.id, sql`(SELECT ${tagSlugRedirects.tagId} FROM ${tagSlugRedirects} WHERE ${tagSlugRedirects.slug} = ${slug})`),
        ),
        sql`EXISTS (SELECT 1 FROM ${articleTags} JOIN ${articles} ON ${articles.id} = ${articleTags.articleId}
          WHERE ${articleTags.tagId} = ${tags.id} AND ${isPublic(now)})`,
      ),
    )
    // A tag that has the slug itself comes before the one an earlier address leads to.
    .orderBy(sql`${tags.slug} = ${slug} DESC`)
    .limit(1);
  return row ?? null;
}

/** A tag's public articles, newest first (ties by id, as every other list). */
export async function listTagArticles(db: Db, tagId: number, now: string, limit: number) {
  const rows = await db
    .select(summaryColumns)
    .from(articleTags)
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articleTags.tagId, tagId), isPublic(now)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Every tag a public article carries, with its newest public article's change: the tags' sitemap. */
export function listTagSitemapEntries(db: Db, now: string) {
  return db
    .select({ slug: tags.slug, lastmod: max(articles.updatedAt) })
    .from(tags)
    .innerJoin(articleTags, eq(articleTags.tagId, tags.id))
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .where(isPublic(now))
    .groupBy(tags.id)
    .orderBy(asc(tags.slug));
}

/** The article an earlier address of it points at (only a public one: the caller reads it by id). */
export async function redirectedArticleId(db: Db, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: articleSlugRedirects.articleId })
    .from(articleSlugRedirects)
    .where(eq(articleSlugRedirects.slug, slug))
    .limit(1);
  return row?.id ?? null;
}

/** Every earlier address of the published articles, for the slug filter (the page must find them to redirect). */
export async function publishedRedirectSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: articleSlugRedirects.slug })
    .from(articleSlugRedirects)
    .innerJoin(articles, eq(articles.id, articleSlugRedirects.articleId))
    .where(and(eq(articles.status, "published"), isNull(articles.deletedAt)));
  return rows.map((r) => r.slug);
}
