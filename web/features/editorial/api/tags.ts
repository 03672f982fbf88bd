import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";

export const tagsKeys = { all: ["admin", "tags"] as const };

/** GET /api/admin/tags: only while the Tags tab is open (the query lives in the tab). */
export function adminTagsQuery() {
  return queryOptions({ queryKey: tagsKeys.all, queryFn: () => request("listTags", { init: { cache: "no-store" } }), staleTime: 0 });
}

export const renameTag = (tagId: number, name: string) => request("renameTag", { params: { tagId }, body: { name } });
export const mergeTag = (tagId: number, into: number) => request("mergeTag", { params: { tagId }, body: { into } });
export const deleteTag = (tagId: number) => request("deleteTag", { params: { tagId } });
