/** The API reference's public face (docs/decisions/architecture/feature-faces.md). */
export { apiDocsRoutes } from "./api-docs.routes.ts";
