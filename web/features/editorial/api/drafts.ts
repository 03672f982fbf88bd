import { queryOptions } from "@tanstack/react-query";
import type { DraftForm } from "#schema/contracts/article-draft.ts";
import { request } from "#web/lib/api-client.ts";

/** GET /api/articles/{id}/draft: this admin's autosaved form, read once when the editor opens. */
export function serverDraftQuery(id: number) {
  return queryOptions({
    queryKey: ["admin", "editor", id, "draft"] as const,
    queryFn: () => request("getArticleDraft", { params: { id }, init: { cache: "no-store" } }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}

export const putServerDraft = (id: number, form: DraftForm, baseRevision: number) =>
  request("saveArticleDraft", { params: { id }, body: { form, baseRevision } });

export const deleteServerDraft = (id: number) => request("deleteArticleDraft", { params: { id } });
