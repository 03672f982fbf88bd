/**
 * `npm run build`: the browser's SPA into dist/client (served by Workers Static Assets), then the
 * Worker's page renderer into dist/server/entry-server.js (wrangler.toml aliases `coinsight-ssr` to
 * it). The Worker cannot be bundled before both exist.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../lib/wrangler.ts";

const vite = join(projectRoot, "node_modules/vite/bin/vite.js");

type Options = {
  logLevel?: "info" | "warn" | "error";
  /** Stream Vite's output (else it is only shown when a build fails). */
  echo?: boolean;
  /** Write the client's manifest too (the bench reads bundle sizes from it). */
  manifest?: boolean;
};

export function buildSite({ logLevel = "warn", echo = true, manifest = false }: Options = {}): void {
  for (const args of [
    ["build", ...(manifest ? ["--manifest"] : [])],
    ["build", "--ssr", "entry-server.tsx"],
  ]) {
    const res = spawnSync(process.execPath, [vite, ...args, "--logLevel", logLevel], {
      cwd: projectRoot,
      // A production build even when started by a test run (vitest sets NODE_ENV=test): the JSX
      // transform and React's build must agree.
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
      stdio: echo ? "inherit" : "pipe",
    });
    if (res.status !== 0) throw new Error(`vite ${args.join(" ")} failed:\n${res.stdout ?? ""}\n${res.stderr ?? ""}`);
  }
}

if (import.meta.main) buildSite({ logLevel: "info" });
