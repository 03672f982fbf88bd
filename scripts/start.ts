/**
 * `npm start`: builds the SPA and its page renderer, migrates and seeds the local database, serves the whole site with
 * `wrangler dev` on http://127.0.0.1:8787, then runs today's newsroom pipeline once so a new site
 * has a Daily Roundup and Trending Analysis articles (wrangler dev does not fire cron triggers).
 * Stays in the foreground until Ctrl-C.
 */
import { buildSite } from "./build/build.ts";
import { startDevServer, wranglerSync } from "./lib/wrangler.ts";
import { seedLocal } from "./seed.ts";

const PORT = Number(process.env.PORT ?? 8787);
/** Signing in with the local form as this address gives the admin panel (README, Quick start). */
const LOCAL_ADMIN = process.env.ADMIN_EMAILS ?? "admin@coinsight.local";
/** Each call runs the day for up to 50 s; offline it needs a few seconds. */
const MAX_PIPELINE_CALLS = 6;

type DayReport = { date: string; done: boolean; tasks: Record<string, string>; articles: { published: number; review: number } };

function step(text: string): void {
  console.log(`\n▸ ${text}`);
}

/** Today's pipeline through the local-only endpoint; asks again while it is still running. */
export async function runTodaysPipeline(baseUrl: string): Promise<DayReport> {
  let report: DayReport | null = null;
  for (let call = 0; call < MAX_PIPELINE_CALLS && !report?.done; call++) {
    const res = await fetch(`${baseUrl}/api/dev/newsroom/run-today`, { method: "POST" });
    if (!res.ok) throw new Error(`The newsroom pipeline answered ${res.status}: ${await res.text()}`);
    report = (await res.json()) as DayReport;
  }
  if (!report) throw new Error("The newsroom pipeline did not answer");
  return report;
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
