import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import {
  ADMIN_PAGE_SIZE,
  type AdminArticlePage,
  type AdminArticleQuery,
  type EditorialStatus,
  type OverrideRequest,
} from "#schema/contracts/editorial.ts";
import { api } from "#web/lib/api.ts";
import { apiUrl, queryString, request } from "#web/lib/api-client.ts";

export type ArticleFilter = { page: number; q: string; categoryId: number | null; status: EditorialStatus | null };

export const adminArticleKeys = { all: ["admin", "articles"] as const };

/** GET /api/articles?page={n}&limit=100: the admin's answer (drafts and held ones too), never from a cache. */
export function adminArticlesQuery(filter: ArticleFilter) {
  const query: AdminArticleQuery = {
    page: filter.page,
    limit: ADMIN_PAGE_SIZE,
    q: filter.q || undefined,
    categoryId: filter.categoryId || undefined,
    status: filter.status ?? undefined,
  };
  return queryOptions({
    queryKey: [...adminArticleKeys.all, filter] as const,
    // The contract's listArticles declares the public query; an admin's paged call is read with
    // adminArticleQuery instead (its description says so), so this one URL is built by hand.
    queryFn: () => api<AdminArticlePage>(`${apiUrl("listArticles")}${queryString(query)}`, { cache: "no-store" }),
    placeholderData: keepPreviousData,
  });
}

export const postToTwitter = (id: number) => request("postToTwitter", { params: { id } });
/** "Publish anyway": with `override`, the held reasons the editor confirmed (a held article is refused without). */
export const publishArticle = ({ id, override }: { id: number; override?: OverrideRequest }) =>
  request("publishArticle", { params: { id }, body: override ? { override } : {} });
export const regenerateArticle = (id: number) => request("regenerateArticle", { params: { id } });
export const trashArticle = (id: number) => request("trashArticle", { params: { id } });
