/** Test helpers of the prices feature: forget what an isolate remembers between tests. */
export { forgetCachedSnapshot } from "./price-snapshot.ts";
