import { app } from "./app.ts";
import { scheduled } from "./cron/scheduled.ts";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(scheduled(controller, env)),
} satisfies ExportedHandler<Env>;

export { GuestLimiter } from "./durable-objects/guest-limiter.ts";
export { PriceFeed } from "./durable-objects/price-feed.ts";
export { QuotaCounter } from "./durable-objects/quota-counter.ts";
