import { describe, expect, it } from "vitest";
import { findCycles, isTestCode, specifiersOf, testSupportLeaks } from "./import-cycles.ts";

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe("findCycles", () => {
  it("finds none in a graph without circles", () => {
    expect(findCycles(graph({ app: ["pages", "lib"], pages: ["lib"], lib: [] }))).toEqual([]);
  });

  it("names the files of a circle, back to where it started", () => {
    const [cycle, ...rest] = findCycles(graph({ app: ["pages"], pages: ["cache"], cache: ["render"], render: ["app"], lib: [] }));
    expect(rest).toEqual([]);
    expect(cycle?.[0]).toBe(cycle?.at(-1));
    expect(new Set(cycle)).toEqual(new Set(["app", "pages", "cache", "render"]));
  });

  it("finds two files importing each other, and a file importing itself", () => {
    expect(findCycles(graph({ head: ["body"], body: ["head"] }))).toHaveLength(1);
    expect(findCycles(graph({ self: ["self"] }))).toEqual([["self", "self"]]);
  });
});

describe("specifiersOf", () => {
  it("counts static, type-only, re-exported and dynamic imports, not strings that look like them", () => {
    const text = `import { a } from "./a.ts";
import type { B } from "#worker/b.ts";
export { c } from "../c.ts";
const later = () => import("#worker/app.ts");
const note = 'import { x } from "./not-an-import.ts"';
type T = import("./types.ts").T;`;
    expect(specifiersOf("x.ts", text)).toEqual(["./a.ts", "#worker/b.ts", "../c.ts", "#worker/app.ts", "./types.ts"]);
  });
});

describe("testSupportLeaks", () => {
  it("allows tests, test support and test setups to import test support, and names code that ships doing it", () => {
    const support = "worker/features/ask/test-support.ts";
    expect(
      testSupportLeaks(
        graph({
          "worker/features/ask/ask.test.ts": [support],
          "worker/features/billing/test-support.ts": [support],
          "worker/test/fresh-runtime.ts": [support],
          "scripts/e2e/ask.e2e.ts": [support],
          "worker/features/ask/ask.routes.ts": ["worker/features/ask/ask.service.ts"],
        }),
      ),
    ).toEqual([]);
    expect(testSupportLeaks(graph({ "worker/features/ask/ask.routes.ts": [support] }))).toEqual([
      "worker/features/ask/ask.routes.ts → worker/features/ask/test-support.ts",
    ]);
  });

  it("knows test code by its name or its folder", () => {
    for (const file of ["web/app/home.test.tsx", "scripts/e2e/browser.ts", "web/test/render.tsx", "worker/ports/llm/test-support.ts"]) {
      expect(isTestCode(file), file).toBe(true);
    }
    for (const file of ["worker/features/ask/testing.ts", "worker/app.ts", "web/features/ask/api/ask.ts"])
      expect(isTestCode(file), file).toBe(false);
  });
});
