import { pruneEvents, runAlertsMinute } from "#worker/features/alerts/index.ts";
import { pruneStripeEvents } from "#worker/features/billing/index.ts";
import { priceFeed, rollUpHistory } from "#worker/features/cryptos/index.ts";
import { resumeOverdue } from "#worker/features/editorial/index.ts";
import { purgeNewsletterData } from "#worker/features/newsletter/index.ts";
import { type DepsFactory, defaultDeps, pruneSnapshots, runDailyPipeline } from "#worker/features/newsroom/index.ts";
import { pruneOutbox } from "#worker/features/outbox/index.ts";
import { getDb } from "#worker/lib/db.ts";
import { logger } from "#worker/lib/log.ts";
import { pruneRateLimits } from "#worker/lib/rate-limit.ts";
import { purgeEndedSessions } from "#worker/lib/session.ts";

const log = logger("cron");

/** Cron expressions of wrangler.toml, named once so the dispatcher and tests agree. */
export const CRONS = {
  everyMinute: "* * * * *",
  nightly: "0 3 * * *",
  /**
   * 06:00 UTC: starts the day's newsroom Workflow instance (docs/architecture.md, Schedule), whose last
   * step puts the day's newsletter on the mail queue once the roundup is public.
   */
  dailyPipeline: "0 6 * * *",
} as const;

/** Logs how a job ended; a failed job never stops the others of the same invocation. */
function report(job: string, result: PromiseSettledResult<unknown>, logValue = true): void {
  if (result.status === "rejected") {
    log.error("job failed", { job, error: result.reason });
  } else if (logValue) {
    log.info("job done", { job, result: result.value });
  }
}

export async function scheduled(controller: ScheduledController, env: Env, makeDeps: DepsFactory = defaultDeps): Promise<void> {
  switch (controller.cron) {
    case CRONS.everyMinute: {
      // The PriceFeed keeps its own 30 s alarm; this only restarts it if it ever stopped. Alerts look for
      // new articles and sentiment snapshots and send the digests due; one failing never stops the other.
      // A scheduled publication still waiting past its time (a local engine that restarted) is restarted.
      const [feed, alerts, schedules] = await Promise.allSettled([
        priceFeed(env).ensureRunning(),
        runAlertsMinute(env, controller.scheduledTime),
        resumeOverdue(getDb(env.DB), env, controller.scheduledTime),
      ]);
      report("price-feed-rearm", feed, false);
      report("alerts-minute", alerts);
      report("overdue-schedules", schedules, false);
      return;
    }
    case CRONS.nightly: {
      const removed = await rollUpHistory(env.DB, controller.scheduledTime);
      log.info("job done", { job: "price-history-roll-up", removed });
      const db = getDb(env.DB);
      const at = controller.scheduledTime;
      const [stripeEventIds] = await Promise.allSettled([pruneStripeEvents(db, at)]);
      if (stripeEventIds) report("stripe-events-prune", stripeEventIds);
      // Independent housekeeping: one failing never stops the others.
      const [sessions, limits, newsletter, snapshots, outbox, alertEvents] = await Promise.allSettled([
        purgeEndedSessions(db, new Date(at)),
        pruneRateLimits(env.DB, at),
        purgeNewsletterData(env.DB, at),
        pruneSnapshots(db, at),
        pruneOutbox(db, at),
        pruneEvents(db, at),
      ]);
      report("session-purge", sessions);
      report("rate-limit-prune", limits);
      report("newsletter-purge", newsletter);
      report("sentiment-snapshot-prune", snapshots);
      report("outbox-prune", outbox);
      report("alert-events-prune", alertEvents);
      return;
    }
    case CRONS.dailyPipeline: {
      const [pipeline] = await Promise.allSettled([runDailyPipeline(env, controller.scheduledTime, makeDeps)]);
      if (pipeline) report("newsroom-daily", pipeline);
      return;
    }
    default:
      log.warn("unknown cron", { cron: controller.cron });
  }
}
