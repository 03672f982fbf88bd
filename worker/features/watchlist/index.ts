/** The watchlist's public face (docs/decisions/architecture/feature-faces.md). */
export { watchlistRoutes } from "./watchlist.routes.ts";
/** The member's coins by rank: Ask answers questions about "my watchlist" from them. */
export { listWatchlist } from "./watchlist.service.ts";
