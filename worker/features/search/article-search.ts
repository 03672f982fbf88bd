import { sql } from "drizzle-orm";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import type { Db } from "#worker/lib/db.ts";

export type ArticleHits = { articles: ArticleSummary[]; total: number };

/** The trigram index needs three characters; shorter queries take the scan. */
export const TRIGRAM_MIN = 3;

/** Title hits outrank excerpt hits, which outrank body hits (bm25 column weights). */
const WEIGHTS = { title: 10, excerpt: 4, content: 1 };

const PUBLIC = sql`a.status = 'published' AND a.deleted_at IS NULL AND a.published_at <= `;

const SUMMARY = sql`a.id AS id, a.slug AS slug, a.title AS title, a.excerpt AS excerpt, a.image_url AS imageUrl,
  a.published_at AS publishedAt, a.updated_at AS updatedAt, a.read_time AS readTime, a.comment_count AS commentCount,
  a.category_id AS categoryId, c.name AS categoryName, c.slug AS categorySlug, a.crypto_name AS cryptoName,
  a.crypto_symbol AS cryptoSymbol, a.rank AS rank`;

type Row = ArticleSummary & { total: number };

function toHits(rows: Row[]): ArticleHits {
  return { articles: rows.map(({ total: _, ...a }) => a), total: rows[0]?.total ?? 0 };
}

/** An FTS5 phrase: the whole query as one quoted string, so operators in it are just text. */
export function ftsPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** A LIKE pattern for a substring, with the wildcards in the query escaped. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Case-insensitive substring search over title, excerpt and content of public articles, through
 * the trigram FTS5 index, ranked by bm25 (title weighs most) and then recency.
 */
export async function searchArticlesFts(db: Db, query: string, limit: number, now: string): Promise<ArticleHits> {
  const rows = await db.all<Row>(sql`
    WITH hits AS (
      SELECT rowid AS id, bm25(articles_fts, ${sql.raw(String(WEIGHTS.title))}, ${sql.raw(String(WEIGHTS.excerpt))}, ${sql.raw(String(WEIGHTS.content))}) AS score
      FROM articles_fts WHERE articles_fts MATCH ${ftsPhrase(query)}
    )
    SELECT ${SUMMARY}, count(*) OVER () AS total
    FROM hits JOIN articles a ON a.id = hits.id JOIN categories c ON c.id = a.category_id
    WHERE ${PUBLIC}${now}
    ORDER BY hits.score, a.published_at DESC, a.id DESC
    LIMIT ${limit}`);
  return toHits(rows);
}

/**
 * The same semantics by scanning every row with LIKE: used for queries shorter than a trigram,
 * and measured against the index by the search benchmark. LIKE folds ASCII case only.
 */
export async function searchArticlesScan(db: Db, query: string, limit: number, now: string): Promise<ArticleHits> {
  const pattern = likePattern(query);
  const rows = await db.all<Row>(sql`
    SELECT ${SUMMARY}, count(*) OVER () AS total FROM (
      SELECT a.*, CASE
        WHEN a.title LIKE ${pattern} ESCAPE '\\' THEN 0
        WHEN a.excerpt LIKE ${pattern} ESCAPE '\\' THEN 1
        WHEN a.content LIKE ${pattern} ESCAPE '\\' THEN 2
      END AS field
      FROM articles a WHERE ${PUBLIC}${now}
    ) a JOIN categories c ON c.id = a.category_id
    WHERE a.field IS NOT NULL
    ORDER BY a.field, a.published_at DESC, a.id DESC
    LIMIT ${limit}`);
  return toHits(rows);
}

export function searchArticles(db: Db, query: string, limit: number, now = new Date().toISOString()): Promise<ArticleHits> {
  return [...query].length >= TRIGRAM_MIN ? searchArticlesFts(db, query, limit, now) : searchArticlesScan(db, query, limit, now);
}
