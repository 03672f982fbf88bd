/** Test helpers of the content feature: forget what an isolate remembers between tests. */
export { forgetContentVersion } from "./content-cache.ts";
export { forgetSlugFilter } from "./slug-filter.ts";
