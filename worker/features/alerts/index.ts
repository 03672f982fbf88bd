/** The alerts feature's public face (docs/decisions/architecture/feature-faces.md). */
export { alertsRoutes, notificationsRoutes } from "./alerts.routes.ts";
export { alertsDevRoutes } from "./dev.routes.ts";
export { pruneEvents } from "./notifications.service.ts";
export { alertsOnTick, runAlertsMinute } from "./runs.ts";
