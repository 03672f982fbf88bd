import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { DEV_SERVER_START_MS, type DevServer, startDevServer } from "../lib/wrangler.ts";
import { E2E_ADMIN } from "./admin.ts";

/**
 * The site a file's journeys run against. By default the shared one that global-setup.ts serves to every
 * file at once, on which a file only reads what the seed and the day's pipeline wrote and what it wrote
 * itself under names of its own. A file that looks at the whole site (its empty states, its counts, the
 * first run of the day) calls `ownSite()` at its top and gets a site of its own.
 */
let own: { url: string } | undefined;

export function baseURL(): string {
  return own?.url ?? inject("baseURL");
}

/**
 * Serves this file's journeys a site of their own, started before them and stopped after them: a copy of
 * the migrated and seeded state global-setup.ts made (before the day's pipeline), behind its own
 * `wrangler dev` on the build every file shares.
 */
export function ownSite(): void {
  let server: DevServer | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "coinsight-e2e-own-"));
    cpSync(inject("seededState"), dir, { recursive: true });
    server = await startDevServer({ persistTo: dir, vars: { ADMIN_EMAILS: E2E_ADMIN }, privateRegistry: true });
    own = { url: server.url };
  }, DEV_SERVER_START_MS + 60_000);
  afterAll(async () => {
    own = undefined;
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
}
