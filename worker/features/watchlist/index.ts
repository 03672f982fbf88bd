/** The watchlist's public face (docs/decisions/architecture/feature-faces.md). */
export { watchlistRoutes } from "./watchlist.routes.ts";
