/** Live prices' public face: the route, the hub's logic (worker/durable-objects/live-hub.ts) and the tick's hand-off. */

export { applyTick, catchUp, globalMessage, type HubState, type LiveTick, tickMessage } from "./hub-state.ts";
export { LIVE_LIMITS, liveErrorResponse } from "./limits.ts";
export { liveRoutes } from "./live.routes.ts";
export { publishLive } from "./publish.ts";
