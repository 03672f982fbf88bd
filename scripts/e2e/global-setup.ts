import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import type { TestProject } from "vitest/node";
import { buildSite } from "../build/build.ts";
import { launchBrowserServer } from "../lib/chromium.ts";
import { onFreshDirectory } from "../lib/fresh-retry.ts";
import { runTodaysPipeline } from "../lib/todays-pipeline.ts";
import { projectRoot, startDevServer } from "../lib/wrangler.ts";
import { localSeedPlan } from "../seed.ts";
import { E2E_ADMIN } from "./admin.ts";
import { localState } from "./local-state.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** A migrated and seeded state no site serves, that `ownSite()` copies (scripts/e2e/site.ts). */
    seededState: string;
    /** The run's Chromium, which each file connects to (browser.ts). */
    browserEndpoint: string;
  }
}

/**
 * What `npm run db:migrate` and `npm run seed` do to a local state, through one Miniflare on its files
 * instead of a wrangler process per migration run, statement file and key (seconds each): the
 * migrations recorded in wrangler's table, then each seeder's statements and keys.
 */
async function migrateAndSeed(dir: string): Promise<void> {
  const { db, kv, dispose } = await localState(dir);
  try {
    await db.batch([
      db.prepare(
        "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
      ),
    ]);
    for (const { name, queries } of await readD1Migrations(join(projectRoot, "schema/migrations"))) {
      await db.batch([...queries.map((q) => db.prepare(q)), db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(name)]);
    }
    for (const step of localSeedPlan()) {
      if (step.sql.length) await db.batch(step.sql.map((q) => db.prepare(q)));
      for (const key of step.kvDelete) await kv.delete(key);
      for (const [key, value] of Object.entries(step.kv)) await kv.put(key, value);
    }
  } finally {
    // A runtime that closed its connection may not close cleanly either: the seed's own error is the one to see.
    await dispose().catch((error: unknown) => console.log(`e2e setup: the seeding runtime did not close cleanly: ${error}`));
  }
}

/**
 * Builds the SPA and its page renderer once for every file, migrates and seeds a throwaway local database,
 * and serves a copy of it with `wrangler dev` exactly as `npm start` does (today's newsroom pipeline
 * included), on a free port. Files run at the same time against that one site; the seeded state stays
 * behind for the files that need a site of their own (site.ts).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const took = (what: string) => console.log(`e2e setup: ${what} at ${Math.round((Date.now() - started) / 1000)} s`);
  buildSite({ logLevel: "error", echo: false });
  took("built");

  const { dir: seededState } = await onFreshDirectory(
    () => mkdtempSync(join(tmpdir(), "coinsight-e2e-seeded-")),
    (dir) => rmSync(dir, { recursive: true, force: true }),
    migrateAndSeed,
    { log: (line) => console.log(`e2e setup: ${line}`) },
  );
  took("migrated and seeded");
  const persistTo = mkdtempSync(join(tmpdir(), "coinsight-e2e-"));
  cpSync(seededState, persistTo, { recursive: true });
  const server = await startDevServer({ persistTo, vars: { ADMIN_EMAILS: E2E_ADMIN }, privateRegistry: true });
  took("served");
  // As `npm start` does: the day's articles exist before any journey starts.
  const day = await runTodaysPipeline(server.url);
  if (!day.done) throw new Error(`today's newsroom pipeline did not finish: ${JSON.stringify(day.tasks)}`);
  took("ran the day's pipeline");
  const browser = await launchBrowserServer();
  project.provide("browserEndpoint", browser.wsEndpoint());
  project.provide("baseURL", server.url);
  project.provide("seededState", seededState);

  return async () => {
    await browser.close();
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
    rmSync(seededState, { recursive: true, force: true });
  };
}
