import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type ViteUserConfig } from "vitest/config";
import { routeModulesPlugin } from "./scripts/build/route-modules.ts";
import { E2eInNameOrder } from "./scripts/e2e/sequencer.ts";

const root = import.meta.dirname;

/**
 * The page renderer the Worker runs (web/entry-server.tsx): one module with everything bundled in, for
 * workerd, with React's production build. The class names of CSS modules come out as in the browser's
 * build, so the HTML it writes matches the stylesheets.
 */
const serverRenderer: ViteUserConfig = {
  root: `${root}/web`,
  publicDir: false,
  plugins: [react()],
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

export default defineConfig(async ({ isSsrBuild }): Promise<ViteUserConfig> => {
  if (isSsrBuild) return serverRenderer;
  const migrations = await readD1Migrations(`${root}/schema/migrations`);
  return {
    // The SPA: built into dist/client, which Workers Static Assets serves (wrangler.toml).
    root: `${root}/web`,
    publicDir: `${root}/web/public`,
    plugins: [react(), routeModulesPlugin()],
    build: {
      outDir: `${root}/dist/client`,
      emptyOutDir: true,
      sourcemap: true,
    },
    server: {
      // `npm run dev:web` proxies the API to a running `wrangler dev`.
      proxy: { "/api": "http://127.0.0.1:8787" },
    },
    test: {
      sequence: { sequencer: E2eInNameOrder },
      projects: [
        {
          extends: false,
          root,
          // Tests render pages from the source, not from a build (wrangler.toml's alias is for the bundle).
          resolve: { alias: { "coinsight-ssr": `${root}/web/entry-server.tsx` } },
          plugins: [
            cloudflareTest({
              wrangler: { configPath: `${root}/wrangler.toml` },
              miniflare: {
                bindings: { APP_ENV: "test", TEST_MIGRATIONS: migrations },
              },
            }),
          ],
          test: {
            name: "worker",
            include: ["worker/**/*.test.ts"],
            setupFiles: ["worker/test/apply-migrations.ts"],
          },
        },
        {
          extends: false,
          root,
          plugins: [react()],
          test: {
            name: "web",
            environment: "jsdom",
            // scripts/docs: checks of the docs themselves (every spec reference resolves).
            include: ["web/**/*.test.{ts,tsx}", "scripts/docs/*.test.ts", "scripts/build/*.test.ts"],
            setupFiles: ["web/test/setup.ts"],
          },
        },
        {
          extends: false,
          root,
          test: {
            name: "e2e",
            environment: "node",
            include: ["scripts/e2e/**/*.e2e.ts"],
            globalSetup: ["scripts/e2e/global-setup.ts"],
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
