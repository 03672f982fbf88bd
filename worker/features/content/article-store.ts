import { and, count, desc, eq, gt, inArray, isNull, lte, ne, type SQL, sql } from "drizzle-orm";
import type { ArticleKind, ArticleSummary } from "#schema/contracts/article.ts";
import { articles, categories } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";

/** Public means published, not in the trash, and due: drafts, held and scheduled articles never show. */
export function isPublic(now: string): SQL {
  return and(eq(articles.status, "published"), isNull(articles.deletedAt), lte(articles.publishedAt, now)) as SQL;
}

export const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  readTime: articles.readTime,
  commentCount: articles.commentCount,
  categoryId: articles.categoryId,
  categoryName: categories.name,
  categorySlug: categories.slug,
  cryptoName: articles.cryptoName,
  cryptoSymbol: articles.cryptoSymbol,
  rank: articles.rank,
};

type SummaryRow = Omit<ArticleSummary, "publishedAt"> & { publishedAt: string | null };

export function toSummary(row: SummaryRow): ArticleSummary {
  // Public rows always have a publish time; the fallback only satisfies the type.
  return { ...row, publishedAt: row.publishedAt ?? row.updatedAt };
}

export type ListFilter = {
  now: string;
  kind?: ArticleKind | undefined;
  categoryIds?: readonly number[] | undefined;
  excludeId?: number | undefined;
};

function where({ now, kind, categoryIds, excludeId }: ListFilter): SQL {
  return and(
    isPublic(now),
    kind ? eq(categories.kind, kind) : undefined,
    categoryIds ? inArray(articles.categoryId, [...categoryIds]) : undefined,
    excludeId !== undefined ? ne(articles.id, excludeId) : undefined,
  ) as SQL;
}

/** Newest first; ties (same publish time) by id so paging is stable. */
export async function listPublic(db: Db, filter: ListFilter, limit: number, offset = 0): Promise<ArticleSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(where(filter))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toSummary);
}

export async function countPublic(db: Db, filter: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(where(filter));
  return row?.n ?? 0;
}

/** A public article by its current slug, or by id (an earlier slug's redirect names the id). */
export async function findPublic(db: Db, key: { slug: string } | { id: number }, now: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      content: articles.content,
      contentFormat: articles.contentFormat,
      dataAsOf: articles.dataAsOf,
      sourcesJson: articles.sourcesJson,
      seoJson: articles.seoJson,
      byline: articles.byline,
    })
    .from(articles)
    .innerJoin(categories, eq(categories.id, articles.categoryId))
    .where(and("slug" in key ? eq(articles.slug, key.slug) : eq(articles.id, key.id), isPublic(now)))
    .limit(1);
  return row ?? null;
}

export type PublicArticleRow = NonNullable<Awaited<ReturnType<typeof findPublic>>>;

/**
 * Public articles in blocks of `size` ids ((n-1)*size, n*size], for the sitemap index: each block
 * that has any, with its newest change. Ids only grow, so a block's file keeps its articles (new
 * ones go to the last block) and a crawler rereads only the files whose lastmod moved.
 */
export async function listSitemapBlocks(db: Db, now: string, size: number): Promise<{ block: number; lastmod: string }[]> {
  // Integer division in SQLite needs integer operands: the size goes in as a literal (a constant, never input).
  const block = sql<number>`(${articles.id} - 1) / ${sql.raw(String(Math.trunc(size)))} + 1`;
  const rows = await db
    .select({ block, lastmod: sql<string>`max(${articles.updatedAt})` })
    .from(articles)
    .where(isPublic(now))
    .groupBy(block)
    .orderBy(block);
  return rows.map((r) => ({ block: Number(r.block), lastmod: r.lastmod }));
}

/**
 * What one block's sitemap file lists: its public articles, by id. The public test is written so no
 * index can serve it (unary `+`): SQLite then walks the primary-key range, at most `size` rows,
 * instead of every public article's index entry to find the range's (measured by bench:scale).
 */
export function listSitemapEntries(db: Db, now: string, block: number, size: number) {
  const isPublicUnindexed = sql`+${articles.status} = 'published' AND +${articles.deletedAt} IS NULL AND +${articles.publishedAt} <= ${now}`;
  return db
    .select({ slug: articles.slug, categoryId: articles.categoryId, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(isPublicUnindexed, gt(articles.id, (block - 1) * size), lte(articles.id, block * size)))
    .orderBy(articles.id);
}
