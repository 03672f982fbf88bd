import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from "vitest/config";
import { coinIconsPlugin } from "./scripts/build/coin-icons.ts";
import { markdownHtmlPlugin } from "./scripts/build/markdown-html.ts";
import { routeModulesPlugin } from "./scripts/build/route-modules.ts";
import { scalarBundlePlugin } from "./scripts/build/scalar-bundle.ts";
import StallWatchdog from "./scripts/ci/stall-watchdog.ts";

const root = import.meta.dirname;
/**
 * Workers of every project (they must agree): vitest's default for a run is one fewer than the cores, one
 * on a 2-core CI machine, so e2e files, which mostly wait for Chromium and the server, ran one at a time.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * CSS modules' class names: the local name and a hash of the sheet, `row_fvrbv`. Vite's default adds
 * a leading underscore and the line (`_row_fvrbv_55`), four bytes more in each of the Top 500's 2,000
 * class names, which every first render writes and gzips (docs/decisions/performance/first-render-budget.md).
 * The same in both builds, so the server's HTML matches the browser's sheets.
 */
const cssModules = {
  generateScopedName: (name: string, _file: string, css: string) => `${name}_${sheetHash(css)}`,
};
function sheetHash(css: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < css.length; i++) h = Math.imul(h ^ css.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36).padStart(5, "0").slice(-5);
}

/**
 * The page renderer the Worker runs (web/entry-server.tsx): one module with everything bundled in, for
 * workerd, with React's production build. The class names of CSS modules come out as in the browser's
 * build, so the HTML it writes matches the stylesheets.
 */
const serverRenderer: ViteUserConfig = {
  root: `${root}/web`,
  publicDir: false,
  plugins: [react(), markdownHtmlPlugin()],
  css: { modules: cssModules },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  resolve: { conditions: ["workerd", "worker", "module", "import", "default"] },
  ssr: { target: "webworker", noExternal: true, resolve: { conditions: ["workerd", "worker", "module", "import", "default"] } },
  build: {
    ssr: "entry-server.tsx",
    outDir: `${root}/dist/server`,
    emptyOutDir: true,
    minify: true,
    rollupOptions: { output: { entryFileNames: "entry-server.js" } },
  },
};

/**
 * The browser's chunks, in a few files instead of one per set of importers (Rolldown's default gave the
 * home page 33 files, half of them under 1 KB). Each file is a request and a module to fetch, compile
 * and link on the phone's main thread while the page starts (docs/decisions/performance/chunks.md):
 * - `react`: React, its DOM renderer and scheduler, the first stage of web/main.tsx;
 * - `core`: the router and the data cache, which every page starts with (web/app/mount.tsx);
 * - `shared`: the app's own modules used by three or more chunks, except the admin's, which no
 *   reader's page should load, and the sanitiser's, which would bring DOMPurify to every page once a
 *   third chunk (the article, the editor's two) uses it.
 * The rest (zod, the chart library, DOMPurify, Stripe) stays with the pages that use it.
 */
const ADMIN_CODE = /[\\/]features[\\/](admin-[a-z]+|editorial)[\\/]|[\\/]routes[\\/]admin/;
const SANITISER_CODE = /[\\/](safe-html|html-allowlist)\.ts$/;
const CHUNKS = {
  groups: [
    { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
    { name: "core", test: /node_modules[\\/](react-router|@tanstack)[\\/]/, priority: 20 },
    {
      name: "shared",
      test: (id: string) => !id.includes("node_modules") && !ADMIN_CODE.test(id) && !SANITISER_CODE.test(id),
      minShareCount: 3,
      priority: 10,
    },
  ],
};

/**
 * Test files that start the newsroom Workflow. Each runs in a runtime of its own: an instance lives
 * in the Workflow engine, apart from the storage `reset()` empties, so one a file left working ran on
 * into the next file, and deleting it aborted its engine under the shared runtime
 * (docs/decisions/testing/workflow-files-own-runtime.md). The shared runtime refuses a file that
 * starts one (worker/test/fresh-runtime.ts).
 */
const WORKFLOW_FILES = [
  "worker/features/newsroom/cron.test.ts",
  "worker/features/newsroom/newsroom.routes.test.ts",
  "worker/features/newsroom/pipeline.test.ts",
  "worker/features/newsroom/resilience.test.ts",
  "worker/features/newsroom/trust.test.ts",
  "worker/features/editorial/publication.test.ts",
  "worker/features/editorial/recheck.test.ts",
  "worker/features/editorial/schedule.test.ts",
  "worker/features/editorial/schedule-check.test.ts",
];

/**
 * A project of worker tests in workerd. With `isolate: false` test files share one runtime per worker
 * (a new workerd per file cost more than most files' tests) and worker/test/fresh-runtime.ts empties
 * it between files; with `isolate: true` each file gets a new workerd.
 */
function workerProject(
  migrations: Awaited<ReturnType<typeof readD1Migrations>>,
  name: string,
  files: { isolate: boolean; include: string[]; exclude: string[] },
): TestProjectInlineConfiguration {
  return {
    extends: false,
    root,
    // Tests render pages from the source, not from a build (wrangler.toml's alias is for the bundle).
    resolve: { alias: { "coinsight-ssr": `${root}/web/entry-server.tsx` } },
    plugins: [
      markdownHtmlPlugin(),
      cloudflareTest({
        wrangler: { configPath: `${root}/wrangler.toml` },
        miniflare: { bindings: { APP_ENV: "test", TEST_MIGRATIONS: migrations, TEST_SHARED_RUNTIME: !files.isolate } },
      }),
    ],
    test: {
      name,
      maxWorkers: WORKERS,
      ...files,
      // Workers' console output goes straight to workerd's, not through vitest's RPC: a line logged from
      // another I/O context (a Durable Object's alarm, a Workflow step) was queued by the pool until
      // the runner's next message, and the runner waits for every logged line's answer before it
      // reports a file finished, so a file whose last line came from there never finished
      // (docs/decisions/testing/worker-console-not-intercepted.md).
      disableConsoleIntercept: true,
      // Limits, not waits: a test ends when its condition holds. vitest's 5 s default failed
      // Workflow and cache tests that took 6-9 s on a machine loaded four times over its cores.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      setupFiles: ["worker/test/fresh-runtime.ts"],
    },
  };
}

export default defineConfig(async ({ isSsrBuild }): Promise<ViteUserConfig> => {
  if (isSsrBuild) return serverRenderer;
  const migrations = await readD1Migrations(`${root}/schema/migrations`);
  return {
    // The SPA: built into dist/client, which Workers Static Assets serves (wrangler.toml).
    root: `${root}/web`,
    publicDir: `${root}/web/public`,
    plugins: [react(), markdownHtmlPlugin(), routeModulesPlugin(), scalarBundlePlugin(root), coinIconsPlugin()],
    css: { modules: cssModules },
    build: {
      outDir: `${root}/dist/client`,
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: { output: { codeSplitting: CHUNKS } },
    },
    server: {
      // `npm run dev:web` proxies the API to a running `wrangler dev`.
      proxy: { "/api": "http://127.0.0.1:8787" },
    },
    test: {
      // The watchdog ends a run that stopped making progress and names the files it waits on.
      reporters: ["default", new StallWatchdog()],
      projects: [
        workerProject(migrations, "worker", { isolate: false, include: ["worker/**/*.test.ts"], exclude: WORKFLOW_FILES }),
        workerProject(migrations, "worker-workflows", { isolate: true, include: WORKFLOW_FILES, exclude: [] }),
        {
          extends: false,
          root,
          plugins: [react(), markdownHtmlPlugin()],
          test: {
            name: "web",
            maxWorkers: WORKERS,
            environment: "jsdom",
            // One jsdom per worker and a fresh window (a new VM context) per file: each file stays isolated
            // without paying for a new jsdom each time (docs/testing.md, Test run times).
            pool: "vmThreads",
            // scripts/docs: checks of the docs themselves (every spec reference resolves).
            include: [
              "web/**/*.test.{ts,tsx}",
              "scripts/docs/*.test.ts",
              "scripts/build/*.test.ts",
              "scripts/lib/*.test.ts",
              "scripts/bench/*.test.ts",
              "scripts/check/*.test.ts",
              "scripts/e2e/*.test.ts",
            ],
            setupFiles: ["web/test/vm-globals.ts", "web/test/setup.ts"],
          },
        },
        {
          extends: false,
          root,
          test: {
            name: "e2e",
            maxWorkers: WORKERS,
            environment: "node",
            include: ["scripts/e2e/**/*.e2e.ts"],
            globalSetup: ["scripts/e2e/global-setup.ts"],
            // Files run side by side (one per worker) against the one shared site, each on data of its
            // own (docs/decisions/testing/e2e-files-own-their-data.md). A limit guards against a hang: at
            // least twice a test's slowest loaded time (the slowest without a limit of its own took 54 s).
            testTimeout: 120_000,
            hookTimeout: 120_000,
            // `expect.poll` waits for a condition; its default gives up after one second, which a loaded
            // machine overruns (three journeys failed on it under load). Locators wait 30 s by default.
            expect: { poll: { timeout: 20_000 } },
          },
        },
      ],
    },
  };
});
