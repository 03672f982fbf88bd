/** The account feature's public face: what the app and other features may import (docs/decisions/architecture/feature-faces.md). */
export { accountRoutes } from "./account.routes.ts";
export { subscriptionOf } from "./account.service.ts";
