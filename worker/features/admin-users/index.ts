/** The admin users feature's public face (docs/decisions/architecture/feature-faces.md). */
export { adminUsersRoutes } from "./admin-users.routes.ts";
