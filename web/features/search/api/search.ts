import { keepPreviousData, queryOptions } from "@tanstack/react-query";
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

/** How many coins and how many articles the header's suggestions show. */
export const SUGGESTION_LIMIT = 5;
/** Suggestions start at two characters: one letter matches half the coins and tells the reader nothing. */
export const SUGGESTION_MIN_LENGTH = 2;

/** The header search's suggestions: the same search, fewer results; the last list stays while the next loads. */
export function suggestionsQuery(q: string) {
  return queryOptions({
    queryKey: ["search", "suggestions", q] as const,
    queryFn: ({ signal }) => request("search", { query: { q, limit: SUGGESTION_LIMIT }, init: { signal } }),
    enabled: [...q].length >= SUGGESTION_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
