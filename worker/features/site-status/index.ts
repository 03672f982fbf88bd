/** The site status feature's public face (docs/decisions/architecture/feature-faces.md). */
export { siteStatusRoutes } from "./site-status.routes.ts";
