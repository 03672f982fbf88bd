import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { AdminArticle, AdminArticlePage, AdminArticleQuery } from "#schema/contracts/editorial.ts";
import { ADMIN_PAGE_SIZE } from "#schema/contracts/editorial.ts";
import { articleSchedules, articles, categories } from "#schema/db/content.ts";
import { ftsPhrase, likePattern, TRIGRAM_MIN } from "#worker/features/search/index.ts";
import { type Db, inList } from "#worker/lib/db.ts";
import { overrideOf } from "./held.ts";

/**
 * Title or content contains the text (case-insensitive). Three characters and more go through the
 * trigram index `articles_fts` (column filter on title and content); shorter ones scan with LIKE.
 */
function matches(q: string): SQL {
  if ([...q].length >= TRIGRAM_MIN) {
    const match = `{title content} : ${ftsPhrase(q)}`;
    return sql`${articles.id} IN (SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${match})`;
  }
  const pattern = likePattern(q);
  return sql`(${articles.title} LIKE ${pattern} ESCAPE '\\' OR ${articles.content} LIKE ${pattern} ESCAPE '\\')`;
}

function where(query: AdminArticleQuery): SQL {
  return and(
    // The trash has its own screen.
    isNull(articles.deletedAt),
    query.q ? matches(query.q) : undefined,
    query.categoryId ? eq(articles.categoryId, query.categoryId) : undefined,
    query.status ? eq(articles.status, query.status) : undefined,
  ) as SQL;
}

const listColumns = {
  id: articles.id,
  title: articles.title,
  excerpt: articles.excerpt,
  content: articles.content,
  slug: articles.slug,
  categoryId: articles.categoryId,
  categoryName: categories.name,
  publishedAt: articles.publishedAt,
  status: articles.status,
  reviewReason: articles.reviewReason,
  overrideJson: articles.overrideJson,
  upvotes: articles.upvotes,
  downvotes: articles.downvotes,
  twitterPosted: articles.twitterPosted,
  cryptoSymbol: articles.cryptoSymbol,
  scheduledFor: articleSchedules.publishAt,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

/**
 * The admin list: every article not in the trash (drafts and held ones too), newest first. The page's
 * ids are read first, from the desk index alone (articles_desk_idx: no sort of every article, no body
 * read), then only those rows; a page in the second half is counted from the oldest end, so the first
 * and the last page each read about one page of the index. A page in the middle still steps over half
 * of it: going further needs a cursor in the API (docs/performance.md, Scale run).
 */
export async function adminArticlePage(db: Db, query: AdminArticleQuery): Promise<AdminArticlePage> {
  const page = query.page ?? 1;
  const limit = query.limit ?? ADMIN_PAGE_SIZE;
  const filter = where(query);
  const [total] = await db.select({ n: count() }).from(articles).where(filter);
  const n = total?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(n / limit));
  const start = (page - 1) * limit;
  const size = Math.max(0, Math.min(limit, n - start));
  let ids: number[] = [];
  if (size > 0) {
    // Counted from whichever end is nearer: the rows after this page, or the rows before it.
    const after = n - start - size;
    const fromOldest = after < start;
    const order = fromOldest ? [asc(articles.createdAt), asc(articles.id)] : [desc(articles.createdAt), desc(articles.id)];
    const picked = await db
      .select({ id: articles.id })
      .from(articles)
      .where(filter)
      .orderBy(...order)
      .limit(size)
      .offset(fromOldest ? after : start);
    ids = picked.map((r) => r.id);
    if (fromOldest) ids.reverse();
  }
  const rows = ids.length
    ? await db
        .select(listColumns)
        .from(articles)
        .innerJoin(categories, eq(categories.id, articles.categoryId))
        .leftJoin(articleSchedules, eq(articleSchedules.articleId, articles.id))
        // A page is up to ADMIN_PAGE_SIZE ids: bound as one value, whatever the page size becomes.
        .where(inList(articles.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list: AdminArticle[] = ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map(({ overrideJson, ...r }) => ({
      ...r,
      override: overrideOf({ overrideJson }),
      publishedAt: r.status === "published" ? r.publishedAt : null,
    }));
  return { articles: list, total: n, page, limit, totalPages };
}

export type ArticleRow = typeof articles.$inferSelect;

/** An article by id, in the trash or not. */
export async function findArticle(db: Db, id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row ?? null;
}
