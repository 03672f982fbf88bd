/** The local test harness's way into the site's state (local runs only). */
export { testStateRoutes } from "./test-state.routes.ts";
