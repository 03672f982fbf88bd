/**
 * Serves the built Worker production-like: the bundle `wrangler deploy --dry-run` would upload, in
 * Miniflare (workerd) with the bindings of wrangler.toml, no dev proxy in front and no request logs.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { buildSite } from "../build/build.ts";
import { offlineEnv, projectRoot } from "../lib/wrangler.ts";
import { seedStatements } from "../seed.ts";

export const buildDir = join(projectRoot, "build/bench");
/** The production Worker plus the no-op route (worker/bench-entry.ts): bench builds only. */
const BENCH_ENTRY = "worker/bench-entry.ts";

function run(args: string[]): void {
  const res = spawnSync(process.execPath, args, { cwd: projectRoot, env: offlineEnv, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${args.join(" ")} failed:\n${res.stdout}\n${res.stderr}`);
}

/** Builds the SPA (with a manifest, for bundle sizes) and its page renderer, and bundles the bench's Worker. */
export function buildAll(): void {
  buildSite({ logLevel: "error", echo: false, manifest: true });
  run([join(projectRoot, "node_modules/wrangler/bin/wrangler.js"), "deploy", "--dry-run", "--outdir", buildDir, BENCH_ENTRY]);
}

export type BenchServer = { url: URL; mf: Miniflare; dispose: () => Promise<void> };

/** `inspectorPort`: workerd's DevTools port, for a CPU profile of the isolate (tmp scripts, never the bench's figures). */
export async function startBenchServer(
  vars: Record<string, string> = {},
  { inspectorPort }: { inspectorPort?: number } = {},
): Promise<BenchServer> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(projectRoot, "wrangler.toml"));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      ...(inspectorPort ? { inspectorPort } : {}),
      workers: [
        {
          ...workerOptions,
          // The bundle is already built; wrangler's module rules only matter for unbundled sources.
          modulesRules: undefined,
          bindings: { ...(workerOptions.bindings as Record<string, unknown>), APP_ENV: "production", ...vars },
          name: "coinsight",
          modules: true,
          scriptPath: join(buildDir, "bench-entry.js"),
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const url = await mf.ready;
  const db = await mf.getD1Database("DB");
  for (const migration of await readD1Migrations(join(projectRoot, "schema/migrations"))) {
    await db.batch(migration.queries.map((q) => db.prepare(q)));
  }
  const seed = seedStatements();
  if (seed.length) await db.batch(seed.map((q) => db.prepare(q)));
  return { url, mf, dispose: () => mf.dispose() };
}
