import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { SCALAR_BUNDLE, SCALAR_VERSION } from "../../worker/features/api-docs/scalar-bundle.ts";

const PACKAGE = "node_modules/@scalar/api-reference";

/**
 * The API reference's script as the build writes it: the installed package's standalone build, without
 * its source-map comment (the map stays in node_modules). Throws when the installed version is not the
 * one the Worker's page names, so a bump of one without the other fails the build, not the page.
 */
export function scalarBundle(root: string): { fileName: string; source: string } {
  const { version } = JSON.parse(readFileSync(join(root, PACKAGE, "package.json"), "utf8")) as { version: string };
  if (version !== SCALAR_VERSION)
    throw new Error(
      `@scalar/api-reference ${version} is installed but worker/features/api-docs/scalar-bundle.ts pins ${SCALAR_VERSION}: change both together`,
    );
  const source = readFileSync(join(root, PACKAGE, "dist/browser/standalone.js"), "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  return { fileName: SCALAR_BUNDLE.slice(1), source };
}

/** Copies the pinned bundle into the client build (dist/client/vendor/...), served as a static asset. */
export function scalarBundlePlugin(root: string): Plugin {
  return {
    name: "coinsight-scalar-bundle",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", ...scalarBundle(root) });
    },
  };
}
