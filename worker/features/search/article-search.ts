import { type SQL, sql } from "drizzle-orm";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { ARTICLE_COUNT_CAP } from "#schema/contracts/article-rules.ts";

/** What search needs of the database: drizzle's `all` (the worker's D1, or the benchmark's). */
export type SqlRunner = { all<T>(query: SQL): Promise<T[]> };

export type ArticleHits = { articles: ArticleSummary[]; total: number; capped: boolean };

/** The trigram index needs three characters; shorter queries take the scan. */
export const TRIGRAM_MIN = 3;

const isPublic = (now: string) => sql`(a.status = 'published' AND a.deleted_at IS NULL AND a.published_at <= ${now})`;

const SUMMARY = sql`a.id AS id, a.slug AS slug, a.title AS title, a.excerpt AS excerpt, a.image_url AS imageUrl,
  a.published_at AS publishedAt, a.updated_at AS updatedAt, a.read_time AS readTime, a.comment_count AS commentCount,
  a.category_id AS categoryId, c.name AS categoryName, c.slug AS categorySlug, a.crypto_name AS cryptoName,
  a.crypto_symbol AS cryptoSymbol, a.rank AS rank`;

/** An FTS5 phrase: the whole query as one quoted string, so operators in it are just text. */
export function ftsPhrase(query: string): string {
  return `"${query.replaceAll('"', '""')}"`;
}

/** A LIKE pattern for a substring, with the wildcards in the query escaped. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Where a match ranks: title, then excerpt (both in the small head index), then body. */
const TIERS = [
  { table: "articles_head_fts", column: "title" },
  { table: "articles_head_fts", column: "excerpt" },
  { table: "articles_fts", column: "content" },
] as const;

/** The newest `limit` public articles whose field contains the phrase; FTS5 walks rowids newest first and stops early. */
function tier(index: number, phrase: string, limit: number, now: string): SQL {
  const { table, column } = TIERS[index] as (typeof TIERS)[number];
  const fts = sql.raw(table);
  return sql`SELECT * FROM (
    SELECT ${fts}.rowid AS id, ${sql.raw(String(index))} AS tier
    FROM ${fts} JOIN articles a ON a.id = ${fts}.rowid
    WHERE ${fts} MATCH ${`{${column}} : ${phrase}`} AND ${isPublic(now)}
    ORDER BY ${fts}.rowid DESC LIMIT ${limit})`;
}

/**
 * Case-insensitive substring search over title, excerpt and content of public articles through the
 * trigram index. Ranked by where the text matched (title, then excerpt, then body), newest first
 * within each. Every step stops early: each field gives at most `limit` candidates, and the count
 * stops at ARTICLE_COUNT_CAP, so a word found in thousands of articles costs what a rare one does.
 */
export function ftsSearchSql(query: string, limit: number, now: string): SQL {
  const phrase = ftsPhrase(query);
  const tiers = sql.join(
    TIERS.map((_, index) => tier(index, phrase, limit, now)),
    sql` UNION ALL `,
  );
  // The count needs the hidden matches only when it is not capped, so only among the first cap + 1
  // matches: at most that many lookups by id. Hidden articles accumulate for good (held for review,
  // trashed), so asking the index about each of them grew with the archive (docs/performance.md).
  const matches = sql`SELECT rowid AS id FROM articles_fts WHERE articles_fts MATCH ${phrase} LIMIT ${ARTICLE_COUNT_CAP + 1}`;
  return sql`
    WITH hits AS (SELECT id, min(tier) AS tier FROM (${tiers}) GROUP BY id),
      matches AS (${matches})
    SELECT ${SUMMARY},
      (SELECT count(*) FROM matches) AS matched,
      (SELECT count(*) FROM matches m JOIN articles a ON a.id = m.id WHERE NOT coalesce(${isPublic(now)}, 0)) AS hidden
    FROM hits JOIN articles a ON a.id = hits.id JOIN categories c ON c.id = a.category_id
    ORDER BY hits.tier, a.published_at DESC, a.id DESC
    LIMIT ${limit}`;
}

/**
 * The same semantics by reading every row with LIKE: used for queries shorter than a trigram, and
 * measured against the index by the search benchmark. LIKE folds ASCII case only.
 */
export function scanSearchSql(query: string, limit: number, now: string): SQL {
  const pattern = likePattern(query);
  return sql`
    SELECT ${SUMMARY}, count(*) OVER () AS matched, 0 AS hidden FROM (
      SELECT a.*, CASE
        WHEN a.title LIKE ${pattern} ESCAPE '\\' THEN 0
        WHEN a.excerpt LIKE ${pattern} ESCAPE '\\' THEN 1
        WHEN a.content LIKE ${pattern} ESCAPE '\\' THEN 2
      END AS field
      FROM articles a WHERE ${isPublic(now)}
    ) a JOIN categories c ON c.id = a.category_id
    WHERE a.field IS NOT NULL
    ORDER BY a.field, a.published_at DESC, a.id DESC
    LIMIT ${limit}`;
}

type Row = ArticleSummary & { matched: number; hidden: number };

function toHits(rows: Row[]): ArticleHits {
  const first = rows[0];
  const articles = rows.map(({ matched: _, hidden: __, ...a }) => a);
  if (!first) return { articles, total: 0, capped: false };
  if (first.matched > ARTICLE_COUNT_CAP) return { articles, total: ARTICLE_COUNT_CAP, capped: true };
  return { articles, total: first.matched - first.hidden, capped: false };
}

export async function searchArticlesFts(db: SqlRunner, query: string, limit: number, now: string): Promise<ArticleHits> {
  return toHits(await db.all<Row>(ftsSearchSql(query, limit, now)));
}

export async function searchArticlesScan(db: SqlRunner, query: string, limit: number, now: string): Promise<ArticleHits> {
  return toHits(await db.all<Row>(scanSearchSql(query, limit, now)));
}

export function searchArticles(db: SqlRunner, query: string, limit: number, now = new Date().toISOString()): Promise<ArticleHits> {
  return [...query].length >= TRIGRAM_MIN ? searchArticlesFts(db, query, limit, now) : searchArticlesScan(db, query, limit, now);
}
