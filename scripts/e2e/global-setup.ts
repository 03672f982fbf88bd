import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { projectRoot, startDevServer, wranglerSync } from "../lib/wrangler.ts";
import { seedLocal } from "../seed.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** The e2e server's local state, for tests that read the database with `wrangler d1 execute`. */
    persistTo: string;
  }
}

/**
 * Builds the SPA, migrates and seeds a throwaway local database, and serves the whole site with
 * `wrangler dev` exactly as `npm start` does, on a free port.
 */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, [join(projectRoot, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
    cwd: projectRoot,
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);

  const persistTo = mkdtempSync(join(tmpdir(), "coinsight-e2e-"));
  wranglerSync(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  await seedLocal({ persistTo });
  const server = await startDevServer({ persistTo });
  project.provide("baseURL", server.url);
  project.provide("persistTo", persistTo);

  return async () => {
    await server.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
