/** The billing feature's public face (docs/decisions/architecture/feature-faces.md). */
export { billingRoutes } from "./billing.routes.ts";
export { accessOf, QuotaCounter, quotaCounter } from "./quota-counter.ts";
export { pruneStripeEvents } from "./webhook.ts";
