import { priceFeed } from "#worker/durable-objects/price-feed.ts";
import { rollUpHistory } from "#worker/features/cryptos/price-store.ts";
import { runDailySend } from "#worker/features/newsletter/daily-send.ts";
import { purgeNewsletterData } from "#worker/features/newsletter/subscribers.service.ts";
import { getDb } from "#worker/lib/db.ts";
import { pruneRateLimits } from "#worker/lib/rate-limit.ts";
import { purgeEndedSessions } from "#worker/lib/session.ts";

/** Cron expressions of wrangler.toml, named once so the dispatcher and tests agree. */
export const CRONS = {
  everyMinute: "* * * * *",
  nightly: "0 3 * * *",
  /** Every 10 minutes from 07:00 to 09:50 UTC: the daily newsletter, in batches, until everyone has it. */
  newsletterDaily: "*/10 7-9 * * *",
} as const;

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  switch (controller.cron) {
    case CRONS.everyMinute:
      // The PriceFeed keeps its own 30 s alarm; this only restarts it if it ever stopped.
      await priceFeed(env).ensureRunning();
      return;
    case CRONS.nightly: {
      const removed = await rollUpHistory(env.DB, controller.scheduledTime);
      console.log(JSON.stringify({ level: "info", job: "price-history-roll-up", removed }));
      const sessions = await purgeEndedSessions(getDb(env.DB), new Date(controller.scheduledTime));
      console.log(JSON.stringify({ level: "info", job: "session-purge", removed: sessions }));
      await pruneRateLimits(env.DB, controller.scheduledTime);
      const purged = await purgeNewsletterData(env.DB, controller.scheduledTime);
      console.log(JSON.stringify({ level: "info", job: "newsletter-purge", ...purged }));
      return;
    }
    case CRONS.newsletterDaily: {
      const result = await runDailySend(env, { now: controller.scheduledTime });
      console.log(JSON.stringify({ level: "info", job: "newsletter-daily", ...result }));
      return;
    }
    default:
      console.warn(JSON.stringify({ level: "warn", job: "unknown-cron", cron: controller.cron }));
  }
}
