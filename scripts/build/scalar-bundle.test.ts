import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCALAR_BUNDLE, SCALAR_VERSION } from "../../worker/features/api-docs/scalar-bundle.ts";
import { scalarBundle } from "./scalar-bundle.ts";

const root = join(import.meta.dirname, "../..");

describe("the API reference's pinned bundle", () => {
  it("is the installed package's standalone build, at the exact version package.json pins", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies["@scalar/api-reference"]).toBe(SCALAR_VERSION);
    const bundle = scalarBundle(root);
    expect(`/${bundle.fileName}`).toBe(SCALAR_BUNDLE);
    expect(bundle.source).toContain("createApiReference");
    expect(bundle.source).not.toContain("sourceMappingURL");
  });
});
