import { queryOptions } from "@tanstack/react-query";
import { request } from "#web/lib/api-client.ts";
import { DAILY_SUMMARY_REFRESH_MS } from "./newsroom.ts";

/** GET /api/admin/scheduled-articles, refreshed with the day's summary: a schedule carried out drops off the list. */
export function scheduledArticlesQuery() {
  return queryOptions({
    queryKey: ["admin", "scheduled"] as const,
    queryFn: () => request("listScheduledArticles", { init: { cache: "no-store" } }),
    refetchInterval: DAILY_SUMMARY_REFRESH_MS,
  });
}
