import { app } from "./app.ts";
import { scheduled } from "./cron/scheduled.ts";
import { alertsOnTick } from "./features/alerts/index.ts";
import { PriceFeedBase, type TickSubscriber } from "./features/cryptos/index.ts";
import { publishLive } from "./features/live/index.ts";
import { handleMailBatch } from "./features/newsletter/index.ts";
import { NewsroomWorkflowBase } from "./features/newsroom/index.ts";
import { renderArticleAhead, renderTickPagesAhead } from "./features/pages/index.ts";

export default {
  fetch: app.fetch,
  scheduled: (controller, env, ctx) => ctx.waitUntil(scheduled(controller, env)),
  // The mail queue and its dead-letter queue (wrangler.toml): newsletter mail goes out from here.
  queue: (batch, env, ctx) => handleMailBatch(batch, env, ctx),
} satisfies ExportedHandler<Env>;

/** What each price tick feeds, named here so cryptos imports none of these features (they read prices from it). */
const TICK_SUBSCRIBERS: readonly TickSubscriber[] = [
  // Open pages get the tick's changed figures as soon as the snapshot is written.
  { name: "live", published: (env, tick) => publishLive(env, tick.id, tick.snapshot.updatedAt, tick.snapshot.coins) },
  // Price and 24 h move alerts against the tick's own figures, then their mails.
  { name: "alerts", written: alertsOnTick },
  // `/` and `/markets` for the new tick, rendered after it and outside it (waitUntil).
  { name: "pages", afterAlarm: (env) => void renderTickPagesAhead(env) },
];

/**
 * The runtime constructs Durable Objects, so the feed's subscribers are a field of the class exported
 * here (the name wrangler.toml binds), not a constructor argument (features/cryptos/price-feed.ts).
 */
export class PriceFeed extends PriceFeedBase {
  protected readonly subscribers = TICK_SUBSCRIBERS;
}

export { GuestLimiter } from "./features/ask/index.ts";
export { QuotaCounter } from "./features/billing/index.ts";
export { ArticlePresence, PublishScheduleWorkflow } from "./features/editorial/index.ts";
export { LiveHub } from "./features/live/index.ts";
/** The newsroom's Workflow; an article it publishes has its page rendered ahead of readers. */
export class NewsroomWorkflow extends NewsroomWorkflowBase {
  protected override articlePublished(env: Env, articleId: number): Promise<unknown> {
    return renderArticleAhead(env, articleId);
  }
}
