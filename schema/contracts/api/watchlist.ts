import { z } from "zod";
import { watchlistAddBody, watchlistChangeSchema, watchlistCheckSchema, watchlistEntrySchema, watchlistSymbolParam } from "../watchlist.ts";
import { errors, json, type RouteContract } from "./route-contract.ts";

/** The member's watchlist. */
export const watchlistContract = {
  listWatchlist: {
    method: "GET",
    path: "/api/watchlist",
    summary: "The member's watchlist",
    tags: ["Watchlist"],
    access: "member",
    responses: {
      200: json(
        "Followed coins with today's figures, by market cap rank, then coins no longer listed by name",
        z.array(watchlistEntrySchema),
      ),
      ...errors(401),
    },
  },
  checkWatchlist: {
    method: "GET",
    path: "/api/watchlist/check/:symbol",
    summary: "Whether a coin is on the watchlist",
    tags: ["Watchlist"],
    access: "member",
    request: { params: watchlistSymbolParam },
    responses: { 200: json("Membership", watchlistCheckSchema), ...errors(400, 401) },
  },
  addToWatchlist: {
    method: "POST",
    path: "/api/watchlist/add",
    summary: "Follow a coin",
    tags: ["Watchlist"],
    access: "member",
    request: { body: watchlistAddBody },
    responses: {
      200: json("Already on the list (nothing changed)", watchlistChangeSchema),
      201: json("Added", watchlistChangeSchema),
      ...errors(400, 401, 403, 404, 409, 413),
    },
  },
  removeFromWatchlist: {
    method: "DELETE",
    path: "/api/watchlist/remove/:symbol",
    summary: "Stop following a coin",
    tags: ["Watchlist"],
    access: "member",
    request: { params: watchlistSymbolParam },
    responses: { 200: json("Removed, or was not there", watchlistChangeSchema), ...errors(400, 401, 403, 413) },
  },
} as const satisfies Record<string, RouteContract>;
