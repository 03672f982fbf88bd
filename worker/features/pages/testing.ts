/** Test helpers of the pages feature: forget what an isolate remembers between tests. */
export { forgetShell } from "./shell.ts";
