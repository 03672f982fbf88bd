// routeFetch is gone (web tests answer through MSW: web/test/msw.ts); errorResponse lives on there.
export { errorResponse } from "./msw.ts";
