/** The charts feature's public face (docs/decisions/architecture/feature-faces.md). */
export { historyRoutes } from "./history.routes.ts";
export { adminChartsRoutes, mappingsRoutes } from "./mappings.routes.ts";
export { coinArticlesRoutes, globalMarketRoutes } from "./market.routes.ts";
