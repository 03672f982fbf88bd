import { queryOptions } from "@tanstack/react-query";
import { SEARCH_MAX_LENGTH } from "#schema/contracts/article-rules.ts";
import { request } from "#web/lib/api-client.ts";

/** The query as the server accepts it: trimmed and at most 100 characters. */
export function normalizeQuery(q: string): string {
  return q.trim().slice(0, SEARCH_MAX_LENGTH).trim();
}

export function searchQuery(q: string) {
  return queryOptions({
    queryKey: ["search", q] as const,
    queryFn: () => request("search", { query: { q } }),
    enabled: q.length > 0,
  });
}
