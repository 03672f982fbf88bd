import { queryOptions } from "@tanstack/react-query";
import type { Category } from "#schema/contracts/article.ts";
import type { ArticleSaveBody, ArticleVersion, EditableArticle, EditorialResult, SavedArticle } from "#schema/contracts/editorial.ts";
import { api } from "#web/lib/api.ts";

export const editorKeys = {
  article: (id: number) => ["admin", "editor", id] as const,
  versions: (id: number) => ["admin", "editor", id, "versions"] as const,
};

/** GET /api/articles/{id}/edit: fresh every time the editor opens. */
export function editableQuery(id: number) {
  return queryOptions({
    queryKey: editorKeys.article(id),
    queryFn: () => api<EditableArticle>(`/api/articles/${id}/edit`, { cache: "no-store" }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/articles/{id}/versions: only while the panel is open (the caller passes `enabled`). */
export function versionsQuery(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: editorKeys.versions(id),
    queryFn: () => api<ArticleVersion[]>(`/api/articles/${id}/versions`, { cache: "no-store" }),
    enabled,
    staleTime: 0,
  });
}

export function categoriesQuery() {
  return queryOptions({ queryKey: ["categories"] as const, queryFn: () => api<Category[]>("/api/categories") });
}

export const saveArticle = (id: number, body: ArticleSaveBody) => api<SavedArticle>(`/api/articles/${id}`, { method: "PUT", json: body });

export const restoreVersion = (id: number, versionId: number, revision: number) =>
  api<SavedArticle>(`/api/articles/${id}/versions/${versionId}/restore`, { method: "POST", json: { revision } });

export const moveToTrash = (id: number) => api<EditorialResult>(`/api/articles/${id}`, { method: "DELETE" });
