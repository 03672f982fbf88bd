import { queryOptions } from "@tanstack/react-query";
import type { ArticleSaveBody, OverrideRequest } from "#schema/contracts/editorial.ts";
import { request } from "#web/lib/api-client.ts";

export const editorKeys = {
  article: (id: number) => ["admin", "editor", id] as const,
  versions: (id: number) => ["admin", "editor", id, "versions"] as const,
};

/** GET /api/articles/{id}/edit: fresh every time the editor opens. */
export function editableQuery(id: number) {
  return queryOptions({
    queryKey: editorKeys.article(id),
    queryFn: () => request("getEditableArticle", { params: { id }, init: { cache: "no-store" } }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/articles/{id}/versions: only while the panel is open (the caller passes `enabled`). */
export function versionsQuery(id: number, enabled: boolean) {
  return queryOptions({
    queryKey: editorKeys.versions(id),
    queryFn: () => request("listArticleVersions", { params: { id }, init: { cache: "no-store" } }),
    enabled,
    staleTime: 0,
  });
}

/** GET /api/articles/{id}/versions/{versionId}: one version whole, for the restore preview (a version never changes). */
export function versionQuery(id: number, versionId: number) {
  return queryOptions({
    queryKey: [...editorKeys.versions(id), versionId] as const,
    queryFn: () => request("getArticleVersion", { params: { id, versionId }, init: { cache: "no-store" } }),
  });
}

export function categoriesQuery() {
  return queryOptions({ queryKey: ["categories"] as const, queryFn: () => request("listCategories") });
}

export const saveArticle = (id: number, body: ArticleSaveBody) => request("saveArticle", { params: { id }, body });

export const restoreVersion = (id: number, versionId: number, revision: number, override?: OverrideRequest) =>
  request("restoreArticleVersion", { params: { id, versionId }, body: { revision, ...(override ? { override } : {}) } });

export const moveToTrash = (id: number) => request("trashArticle", { params: { id } });
