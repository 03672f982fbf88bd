/** Ask Coinsight's public face (docs/decisions/architecture/feature-faces.md). */
export { askRoutes } from "./ask.routes.ts";
