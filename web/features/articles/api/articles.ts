import { queryOptions } from "@tanstack/react-query";
import type { ArticleKind } from "#schema/contracts/article.ts";
import { listAnswer, request } from "#web/lib/api-client.ts";

export const articleKeys = {
  all: ["articles"] as const,
  list: (kind: ArticleKind | "all") => ["articles", "list", kind] as const,
  one: (slug: string) => ["articles", "one", slug] as const,
  related: (slug: string) => ["articles", "related", slug] as const,
  trending: (limit: number) => ["articles", "trending", limit] as const,
  category: (slug: string) => ["categories", slug] as const,
  categoryArticles: (slug: string, limit?: number) => ["categories", slug, "articles", limit ?? "all"] as const,
  tag: (slug: string) => ["tags", slug] as const,
  tagArticles: (slug: string) => ["tags", slug, "articles"] as const,
};

/** Every public article of a kind, newest first; /news pages through it on the client. */
export function articlesQuery(kind?: ArticleKind) {
  return queryOptions({
    queryKey: articleKeys.list(kind ?? "all"),
    queryFn: async () => listAnswer(await request("listArticles", { query: { kind } })),
  });
}

export function articleQuery(slug: string) {
  return queryOptions({
    queryKey: articleKeys.one(slug),
    queryFn: () => request("getArticle", { params: { slug } }),
  });
}

/** Three related items: same category first, then the same kind. */
export function relatedQuery(slug: string) {
  return queryOptions({
    queryKey: articleKeys.related(slug),
    queryFn: () => request("listRelatedArticles", { params: { slug }, query: { limit: 3 } }),
  });
}

/** The latest news ("Trending Now"). */
export function trendingQuery(limit: number) {
  return queryOptions({
    queryKey: articleKeys.trending(limit),
    queryFn: () => request("listTrendingArticles", { query: { limit } }),
  });
}

export function categoryQuery(slug: string) {
  return queryOptions({
    queryKey: articleKeys.category(slug),
    queryFn: () => request("getCategory", { params: { slug } }),
  });
}

export function categoryArticlesQuery(slug: string, limit?: number) {
  return queryOptions({
    queryKey: articleKeys.categoryArticles(slug, limit),
    queryFn: () => request("listCategoryArticles", { params: { slug }, query: { limit: limit || undefined } }),
  });
}

export function tagQuery(slug: string) {
  return queryOptions({ queryKey: articleKeys.tag(slug), queryFn: () => request("getTag", { params: { slug } }) });
}

/** Every public article with the tag, newest first; the page pages through them on the client. */
export function tagArticlesQuery(slug: string) {
  return queryOptions({ queryKey: articleKeys.tagArticles(slug), queryFn: () => request("listTagArticles", { params: { slug } }) });
}
