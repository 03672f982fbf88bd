import { queryOptions } from "@tanstack/react-query";
import type { Category } from "#schema/contracts/article.ts";
import type { EditorialResult, TrashedArticle } from "#schema/contracts/editorial.ts";
import { api } from "#web/lib/api.ts";

export const trashKeys = { all: ["admin", "trash"] as const };

export function trashQuery() {
  return queryOptions({
    queryKey: trashKeys.all,
    queryFn: () => api<TrashedArticle[]>("/api/admin/trash", { cache: "no-store" }),
    staleTime: 0,
  });
}

export function categoriesQuery() {
  return queryOptions({ queryKey: ["categories"] as const, queryFn: () => api<Category[]>("/api/categories") });
}

export const restoreFromTrash = (id: number) => api<EditorialResult>(`/api/admin/trash/${id}/restore`, { method: "POST" });
export const deleteForever = (id: number) => api<EditorialResult>(`/api/admin/trash/${id}`, { method: "DELETE" });
