import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";

export const trashKeys = { all: ["admin", "trash"] as const };

export function trashQuery() {
  return queryOptions({
    queryKey: trashKeys.all,
    queryFn: () => request("listTrash", { init: { cache: "no-store" } }),
    staleTime: 0,
  });
}

export const restoreFromTrash = (id: number) => request("restoreFromTrash", { params: { id } });
export const deleteForever = (id: number) => request("deleteForever", { params: { id } });
