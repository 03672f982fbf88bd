/** Ask Coinsight's public face (docs/decisions/architecture/feature-faces.md). */
export { askRoutes } from "./ask.routes.ts";
/** Whether running text names a coin: the alerts digest finds the roundups that cover a watched coin with it. */
export { mentions } from "./coverage.ts";
export { GuestLimiter } from "./guest-limiter.ts";
