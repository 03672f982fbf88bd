/** Live prices' public face: the route, the hub that holds the sockets (its Durable Object) and the tick's hand-off. */

export { liveRoutes } from "./live.routes.ts";
export { LiveHub } from "./live-hub.ts";
export { publishLive } from "./publish.ts";
