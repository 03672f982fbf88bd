import { liveQuery } from "../live.ts";
import { content, errors, type RouteContract } from "./route-contract.ts";

/** Live prices: one WebSocket per open page, fed by each price tick (docs/decisions/markets/live-prices.md). */
export const liveContract = {
  openLive: {
    method: "GET",
    path: "/api/live",
    summary: "Live prices over a WebSocket",
    description:
      "Upgrades to a WebSocket that carries each price tick's changes for the named `topics` (`global`, `top:1`-`top:5`, " +
      "`coin:<id>`), each message with its tick id; `since` (the last tick a reconnecting client holds) sends what it missed. " +
      "Messages are `schema/contracts/live.ts`. Only from the site's own pages (Origin), a few sockets per address; a client " +
      "that sends more, larger or other messages than `resume` and `ping` is closed with code 1008 or 1009.",
    tags: ["Market data"],
    access: "public",
    request: { query: liveQuery },
    responses: {
      101: content("Switching Protocols: the WebSocket", "websocket"),
      ...errors(400, 403, 429),
    },
  },
} as const satisfies Record<string, RouteContract>;
