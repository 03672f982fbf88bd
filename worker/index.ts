import { app } from "./app.ts";
import { scheduled } from "./cron/scheduled.ts";
import { handleMailBatch } from "./features/newsletter/index.ts";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(scheduled(controller, env)),
  // The mail queue and its dead-letter queue (wrangler.toml): newsletter mail goes out from here.
  queue: (batch, env, ctx) => handleMailBatch(batch, env, ctx),
} satisfies ExportedHandler<Env>;

export { GuestLimiter } from "./durable-objects/guest-limiter.ts";
export { LiveHub } from "./durable-objects/live-hub.ts";
export { PriceFeed } from "./durable-objects/price-feed.ts";
export { QuotaCounter } from "./durable-objects/quota-counter.ts";
export { NewsroomWorkflow } from "./features/newsroom/index.ts";
