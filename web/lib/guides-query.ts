import { queryOptions } from "@tanstack/react-query";
import { request } from "./api-client.ts";

/**
 * Every public Crypto 101 guide: the Crypto 101 page and the home page list them, and a coin page's
 * About card leads with the one about its coin (one query, shared by all three).
 */
export function guidesQuery() {
  return queryOptions({ queryKey: ["articles", "guides"] as const, queryFn: () => request("listGuides") });
}
