import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findSpecRefs, specSections, unresolvedSpecRefs } from "./spec-refs.ts";

const root = join(import.meta.dirname, "../..");

describe("spec references", () => {
  it("every § in code and docs names a spec in docs/spec/ and a section it has", () => {
    const unresolved = unresolvedSpecRefs(root).map((r) => `${r.file}:${r.line} ${r.spec ?? "(no spec named)"} §${r.section}`);
    expect(unresolved).toEqual([]);
  });

  it("reads a spec's numbered sections", () => {
    expect([...specSections("# T\n## 1. One\ntext §9\n### 2.1 Sub\n## Notes\n")]).toEqual(["1", "2.1"]);
  });

  it("a section sign takes the spec named before it on its line; other standards' sections are not ours", () => {
    const refs = findSpecRefs("x (assistant-plans-admin.md §5, §6)\n// §8 alone\n// RFC 6749 §2.3.1 and OIDC Core §3.1.3.7", "f.ts");
    expect(refs).toEqual([
      { file: "f.ts", line: 1, spec: "assistant-plans-admin.md", section: "5" },
      { file: "f.ts", line: 1, spec: "assistant-plans-admin.md", section: "6" },
      { file: "f.ts", line: 2, spec: null, section: "8" },
    ]);
  });
});
