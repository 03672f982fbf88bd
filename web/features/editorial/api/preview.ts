import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { articlePreviewBody } from "#schema/contracts/editorial.ts";
import { request } from "#web/lib/api-client.ts";

/** POST /api/admin/articles/{id}/preview: keeps the unsaved form for a few minutes, answers where to see it. */
export const createPreview = (id: number, body: z.input<typeof articlePreviewBody>) => request("previewArticle", { params: { id }, body });

/** GET /api/admin/previews/{token}: the preview page's article (admins only; never kept by the browser). */
export function previewQuery(token: string) {
  return queryOptions({
    queryKey: ["admin", "preview", token] as const,
    queryFn: () => request("getArticlePreview", { params: { token }, init: { cache: "no-store" } }),
    staleTime: 0,
    retry: false,
  });
}
