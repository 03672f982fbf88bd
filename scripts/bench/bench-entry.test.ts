import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");

describe("the bench build's entry", () => {
  // wrangler refuses to build an entry that does not export every Durable Object and Workflow class
  // wrangler.toml binds, so `npm run bench` fails on a class added to production only (it did once).
  it("exports every class wrangler.toml binds, as the production entry does", () => {
    const classes = [...read("wrangler.toml").matchAll(/^class_name = "(\w+)"/gm)].map((m) => m[1] ?? "");
    expect(classes.length).toBeGreaterThan(4);
    const entry = read("worker/bench-entry.ts");
    const exported = new Set([
      ...[...entry.matchAll(/^export \{([^}]+)\}/gm)].flatMap((m) =>
        (m[1] ?? "").split(",").map((n) => n.trim().split(" as ").at(-1) ?? ""),
      ),
      ...[...entry.matchAll(/^export class (\w+)/gm)].map((m) => m[1] ?? ""),
    ]);
    expect(classes.filter((c) => !exported.has(c))).toEqual([]);
  });
});
