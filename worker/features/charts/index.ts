/** The charts feature's public face (docs/decisions/architecture/feature-faces.md). */

export { coinCategoriesRoutes } from "./coin-categories.routes.ts";
export { coinArticlesRoutes } from "./coin-news.routes.ts";
export { coinSocialRoutes } from "./coin-social.routes.ts";
export { historyRoutes } from "./history.routes.ts";
export { adminChartsRoutes, mappingsRoutes } from "./mappings.routes.ts";
export { globalMarketRoutes, marketTotals } from "./market-strip.routes.ts";
