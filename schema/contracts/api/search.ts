import { searchQuery, searchResultSchema } from "../article.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** Search over coins and articles. */
export const searchContract = {
  search: {
    method: "GET",
    path: "/api/search",
    summary: "Search coins and articles",
    tags: ["Articles", "Market data"],
    access: "public",
    request: { query: searchQuery },
    responses: { 200: json("Matching coins and articles, with counts", searchResultSchema), ...errors(400) },
  },
} as const satisfies Record<string, RouteContract>;
