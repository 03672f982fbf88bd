import type { Article, ArticleKind, ArticlePage, ArticleSummary, Category } from "#schema/contracts/article.ts";
import { CATEGORY, isGuideCategory, MAX_LIST } from "#schema/contracts/article-rules.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { countPublic, findPublic, type ListFilter, listPublic, listSitemapBlocks, listSitemapEntries } from "./article-store.ts";
import { cachedContent } from "./content-cache.ts";
import { presentArticle } from "./present.ts";
import { articleMayExist } from "./slug-filter.ts";
import { redirectedArticleId, tagsOfArticle } from "./tag-store.ts";

type ContentEnv = Pick<Env, "DB" | "KV">;

const now = () => new Date().toISOString();

export const ARTICLE_NOT_FOUND = "Article not found";

/** The newest public articles (all, or one kind), at most `limit`. */
export function listArticles(env: ContentEnv, options: { limit?: number | undefined; kind?: ArticleKind | undefined }) {
  const limit = options.limit ?? MAX_LIST;
  return cachedContent(env, `articles:${options.kind ?? "all"}:${limit}`, () =>
    listPublic(getDb(env.DB), { now: now(), kind: options.kind }, limit),
  );
}

/** One page of the newest public articles with the total, for callers that page on the server. */
export function pageArticles(
  env: ContentEnv,
  options: { page: number; limit?: number | undefined; kind?: ArticleKind | undefined },
): Promise<ArticlePage> {
  const limit = options.limit ?? 20;
  const { page, kind } = options;
  return cachedContent(env, `articles-page:${kind ?? "all"}:${limit}:${page}`, async () => {
    const db = getDb(env.DB);
    const filter: ListFilter = { now: now(), kind };
    const [articles, total] = await Promise.all([listPublic(db, filter, limit, (page - 1) * limit), publicCount(env, kind)]);
    return { articles, total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) };
  });
}

/** How many public articles there are (of a kind): counted once per content version, not once per page. */
function publicCount(env: ContentEnv, kind: ArticleKind | undefined): Promise<number> {
  return cachedContent(env, `articles-count:${kind ?? "all"}`, () => countPublic(getDb(env.DB), { now: now(), kind }));
}

/** "Trending Now": the latest news (Daily Roundup and Trending Analysis), newest first. */
export function trendingArticles(env: ContentEnv, limit: number) {
  return listArticles(env, { limit, kind: "news" });
}

/** Every public Crypto 101 guide, newest first (the /crypto-101 page filters and searches on the client). */
export function listGuides(env: ContentEnv) {
  return listArticles(env, { kind: "guide" });
}

/**
 * A public article by its slug, or by a slug it had before an edit: then the answer carries its current
 * slug, and the caller sends the reader there (the page with a 301, the SPA by replacing its address).
 */
export async function getArticle(env: ContentEnv, slug: string): Promise<Article> {
  // A made-up slug (a typo, a crawler, a flood of random ones) is answered from memory: no KV, no D1.
  if (!(await articleMayExist(env, slug))) throw new ApiError("NOT_FOUND", ARTICLE_NOT_FOUND);
  // The key names the answer's shape: bodies are sent as HTML since 2026-11-26, and an answer cached
  // before (Markdown) must not be served to a reader whose page no longer renders Markdown. "v2": the
  // fixed-point sanitiser; a body cleaned by the earlier one is never served from a cache. "v3": with
  // tags and byline, and answered for earlier slugs too.
  const article = await cachedContent(env, `article-html-v3:${slug}`, async () => {
    const db = getDb(env.DB);
    let row = await findPublic(db, { slug }, now());
    if (!row) {
      // A current slug wins over an earlier one (a slug given up by one article may be taken by another).
      const id = await redirectedArticleId(db, slug);
      if (id !== null) row = await findPublic(db, { id }, now());
    }
    return row ? presentArticle(row, await tagsOfArticle(db, row.id)) : null;
  });
  if (!article) throw new ApiError("NOT_FOUND", ARTICLE_NOT_FOUND);
  return article;
}

/**
 * Related reading for an article: the newest of its own category first, then of its kind
 * (guides with guides, news with news), never the article itself.
 */
export async function relatedArticles(env: ContentEnv, slug: string, limit: number): Promise<ArticleSummary[]> {
  const article = await getArticle(env, slug);
  return cachedContent(env, `related:${slug}:${limit}`, async () => {
    const db = getDb(env.DB);
    const base = { now: now(), excludeId: article.id };
    const same = await listPublic(db, { ...base, categoryIds: [article.categoryId] }, limit);
    if (same.length >= limit) return same;
    const kind: ArticleKind = isGuideCategory(article.categoryId) ? "guide" : "news";
    const more = await listPublic(db, { ...base, kind }, limit + same.length);
    const seen = new Set(same.map((a) => a.id));
    return [...same, ...more.filter((a) => !seen.has(a.id))].slice(0, limit);
  });
}

/** A category's articles; the parent "Crypto 101" category (19) holds every guide. */
export function categoryArticles(env: ContentEnv, category: Category, limit: number = MAX_LIST) {
  return cachedContent(env, `category:${category.id}:${limit}`, () => {
    const filter: ListFilter =
      category.id === CATEGORY.crypto101 ? { now: now(), kind: "guide" } : { now: now(), categoryIds: [category.id] };
    return listPublic(getDb(env.DB), filter, limit);
  });
}

/**
 * Articles per sitemap file. The protocol allows 50,000 URLs (and 50 MB) per file; 10,000 keeps a
 * file near 1 MB, made from one primary-key range, so no request reads or writes more than that at
 * 100x today's articles (docs/decisions/performance/sitemap-index.md).
 */
export const SITEMAP_BLOCK = 10_000;

/** The blocks of the sitemap index that have public articles, with their newest change. */
export function sitemapBlocks(env: ContentEnv) {
  return cachedContent(env, "sitemap-blocks", () => listSitemapBlocks(getDb(env.DB), now(), SITEMAP_BLOCK));
}

/** One block's public articles, or null when it has none (its file is 404). */
export async function sitemapBlock(env: ContentEnv, block: number) {
  const entries = await cachedContent(env, `sitemap-block:${block}`, async () => {
    const rows = await listSitemapEntries(getDb(env.DB), now(), block, SITEMAP_BLOCK);
    return rows.length ? rows : null;
  });
  return entries ?? null;
}
