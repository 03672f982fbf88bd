import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Category } from "#schema/contracts/article.ts";
import {
  ADMIN_PAGE_SIZE,
  type AdminArticlePage,
  type EditorialResult,
  type EditorialStatus,
  type TwitterPostResult,
} from "#schema/contracts/editorial.ts";
import type { StartedRuns } from "#schema/contracts/newsroom.ts";
import { api } from "#web/lib/api.ts";

export type ArticleFilter = { page: number; q: string; categoryId: number | null; status: EditorialStatus | null };

export const adminArticleKeys = { all: ["admin", "articles"] as const };

/** GET /api/articles?page={n}&limit=100: the admin's answer (drafts and held ones too), never from a cache. */
export function adminArticlesQuery(filter: ArticleFilter) {
  const params = new URLSearchParams({ page: String(filter.page), limit: String(ADMIN_PAGE_SIZE) });
  if (filter.q) params.set("q", filter.q);
  if (filter.categoryId) params.set("categoryId", String(filter.categoryId));
  if (filter.status) params.set("status", filter.status);
  return queryOptions({
    queryKey: [...adminArticleKeys.all, filter] as const,
    queryFn: () => api<AdminArticlePage>(`/api/articles?${params}`, { cache: "no-store" }),
    placeholderData: keepPreviousData,
  });
}

export function categoriesQuery() {
  return queryOptions({ queryKey: ["categories"] as const, queryFn: () => api<Category[]>("/api/categories") });
}

export const postToTwitter = (id: number) => api<TwitterPostResult>(`/api/admin/articles/${id}/post-twitter`, { method: "POST" });
export const publishArticle = (id: number) => api<EditorialResult>(`/api/admin/articles/${id}/publish`, { method: "POST" });
export const regenerateArticle = (id: number) => api<StartedRuns>(`/api/admin/articles/${id}/regenerate`, { method: "POST" });
export const trashArticle = (id: number) => api<EditorialResult>(`/api/articles/${id}`, { method: "DELETE" });
