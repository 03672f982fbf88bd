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
  // The local Workflows engine does not wake an instance that slept through the last stop: each waiting
  // scheduled publication is restarted, to sleep again until its time or publish one already passed.
  step("Resuming scheduled publications");
  const resumed = await fetch(`${server.url}/api/dev/schedules/resume`, { method: "POST", headers: { origin: server.url } }).catch(
    (err: Error) => err,
  );
  if (resumed instanceof Error || !resumed.ok)
    console.error(`  Not resumed: ${resumed instanceof Error ? resumed.message : resumed.status}`);
  else console.log(`  ${((await resumed.json()) as { resumed: number }).resumed} restarted`);
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
