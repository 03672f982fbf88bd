import { describe, expect, it } from "vitest";
import { findCycles, specifiersOf } from "./import-cycles.ts";

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
