import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildSite } from "../build/build.ts";
import { startDevServer, wranglerSync } from "../lib/wrangler.ts";
import { seedLocal } from "../seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The local D1/KV state of the served site, for tests that read or write its database. */
    persistTo: string;
  }
}

/**
 * Builds the SPA and its page renderer, migrates and seeds a throwaway local database, and serves the whole site with
 * `wrangler dev` exactly as `npm start` does, on a free port.
 */
export default async function setup(project: TestProject) {
  buildSite({ logLevel: "error", echo: false });

  const persistTo = mkdtempSync(join(tmpdir(), "coinsight-e2e-"));
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  await seedLocal({ persistTo });
  // The accounts journey signs this address in and expects the Admin badge.
  const server = await startDevServer({ persistTo, vars: { ADMIN_EMAILS: "admin@coinsight.test" } });
  project.provide("baseURL", server.url);
  project.provide("persistTo", persistTo);

  return async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
