import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildSite } from "../build/build.ts";
import { startDevServer, wranglerSync } from "../lib/wrangler.ts";
import { seedLocal } from "../seed.ts";
import { runTodaysPipeline } from "../start.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The local D1/KV state of the shared site, for tests that read or write its database. */
    persistTo: string;
    /** A migrated and seeded state no site serves, that `ownSite()` copies (scripts/e2e/site.ts). */
    seededState: string;
  }
}

/** Every e2e site's admin (ADMIN_EMAILS): the accounts journey signs it in and expects the Admin badge. */
export const E2E_ADMIN = "admin@coinsight.test";

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

  const seededState = mkdtempSync(join(tmpdir(), "coinsight-e2e-seeded-"));
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", seededState]);
  await seedLocal({ persistTo: seededState });
  took("migrated and seeded");
  const persistTo = mkdtempSync(join(tmpdir(), "coinsight-e2e-"));
  cpSync(seededState, persistTo, { recursive: true });
  const server = await startDevServer({ persistTo, vars: { ADMIN_EMAILS: E2E_ADMIN }, privateRegistry: true });
  took("served");
  // As `npm start` does: the day's articles exist before any journey starts.
  const day = await runTodaysPipeline(server.url);
  if (!day.done) throw new Error(`today's newsroom pipeline did not finish: ${JSON.stringify(day.tasks)}`);
  took("ran the day's pipeline");
  project.provide("baseURL", server.url);
  project.provide("persistTo", persistTo);
  project.provide("seededState", seededState);

  return async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
    rmSync(seededState, { recursive: true, force: true });
  };
}
