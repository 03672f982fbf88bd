import type { ArticleSummary } from "#schema/contracts/article.ts";
import type { Tag } from "#schema/contracts/article-meta.ts";
import { MAX_LIST } from "#schema/contracts/article-rules.ts";
import { getDb } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { cachedContent } from "./content-cache.ts";
import { findPublicTag, listTagArticles, listTagSitemapEntries } from "./tag-store.ts";

type ContentEnv = Pick<Env, "DB" | "KV">;

const now = () => new Date().toISOString();

export const TAG_NOT_FOUND = "Tag not found";

/** A tag with at least one public article, or 404 (cached per content version, as every content read). */
export async function getTag(env: ContentEnv, slug: string): Promise<Tag & { id: number }> {
  const tag = await cachedContent(env, `tag:${slug}`, () => findPublicTag(getDb(env.DB), slug, now()));
  if (!tag) throw new ApiError("NOT_FOUND", TAG_NOT_FOUND);
  return tag;
}

/** A tag's public articles, newest first; the tag page pages through them on the client, like a category's. */
export async function tagArticles(env: ContentEnv, slug: string, limit: number = MAX_LIST): Promise<ArticleSummary[]> {
  const tag = await getTag(env, slug);
  return cachedContent(env, `tag-articles:${tag.id}:${limit}`, () => listTagArticles(getDb(env.DB), tag.id, now(), limit));
}

/** The tags' sitemap file: every tag a public article carries, with its newest change. */
export function tagSitemap(env: ContentEnv): Promise<{ slug: string; lastmod: string | null }[]> {
  return cachedContent(env, "sitemap-tags", () => listTagSitemapEntries(getDb(env.DB), now()));
}
