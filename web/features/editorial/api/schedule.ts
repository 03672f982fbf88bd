import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";

/** While a schedule waits, the desk asks again this often, so it sees the publication (or a hold) soon after the time. */
export const SCHEDULE_REFRESH_MS = 15_000;

export const scheduleKey = (id: number) => ["admin", "editor", id, "schedule"] as const;

/** GET /api/articles/{id}/schedule: its state comes from the Workflow instance, so it is read fresh. */
export function scheduleQuery(id: number) {
  return queryOptions({
    queryKey: scheduleKey(id),
    queryFn: () => request("getArticleSchedule", { params: { id }, init: { cache: "no-store" } }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.schedule?.state === "scheduled" ? SCHEDULE_REFRESH_MS : false),
  });
}

export const scheduleArticle = (id: number, publishAt: string) => request("scheduleArticle", { params: { id }, body: { publishAt } });

export const cancelSchedule = (id: number) => request("cancelArticleSchedule", { params: { id } });
