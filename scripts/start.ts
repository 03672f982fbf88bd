/**
 * `npm start`: builds the SPA and its page renderer, migrates and seeds the local database, serves the whole site with
 * `wrangler dev` on http://127.0.0.1:8787, then runs today's newsroom pipeline once so a new site
 * has a Daily Roundup and Trending Analysis articles (wrangler dev does not fire cron triggers).
 * Stays in the foreground until Ctrl-C.
 */
import { buildSite } from "./build/build.ts";
import { runTodaysPipeline } from "./lib/todays-pipeline.ts";
import { startDevServer, wranglerSync } from "./lib/wrangler.ts";
import { seedLocal } from "./seed.ts";

const PORT = Number(process.env.PORT ?? 8787);
/** Signing in with the local form as this address gives the admin panel (README, Quick start). */
const LOCAL_ADMIN = process.env.ADMIN_EMAILS ?? "admin@coinsight.local";
function step(text: string): void {
  console.log(`\n▸ ${text}`);
}

async function main(): Promise<void> {
  step("Building the SPA");
  buildSite();
  step("Applying D1 migrations (local)");
  wranglerSync(["d1", "migrations", "apply", "DB", "--local"]);
  step("Seeding");
  await seedLocal();
  step(`Starting wrangler dev on http://127.0.0.1:${PORT}`);
  const server = await startDevServer({ port: PORT, echo: true, vars: { ADMIN_EMAILS: LOCAL_ADMIN } });
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  // `wrangler dev` fires no crons, and its Workflows engine does not wake an instance that slept through
  // the last stop: the minute's cron restarts scheduled publications whose time passed meanwhile.
  step("Running the every-minute cron once (scheduled publications whose time passed while stopped)");
  const minute = await fetch(`${server.url}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("* * * * *")}`).catch((err: Error) => err);
  if (minute instanceof Error || !minute.ok)
    console.error(`  The cron did not run: ${minute instanceof Error ? minute.message : minute.status}`);
  step("Running today's newsroom pipeline (LunarCrush data, Daily Roundup, Trending Analysis)");
  try {
    const report = await runTodaysPipeline(server.url);
    const tasks = Object.entries(report.tasks)
      .map(([task, status]) => `${task} ${status}`)
      .join(", ");
    console.log(`  ${report.date}: ${tasks}`);
    console.log(`  ${report.articles.published} articles published, ${report.articles.review} held for review`);
  } catch (err) {
    // The site still works without today's articles; say why and keep serving.
    console.error(`  The newsroom pipeline did not finish: ${(err as Error).message}`);
  }
  console.log(`\nCoinsight is running at ${server.url} (Ctrl-C to stop).`);
  server.process.once("exit", (code) => process.exit(code ?? 0));
}

if (import.meta.main) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
