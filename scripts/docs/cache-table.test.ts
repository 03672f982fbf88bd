import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderCacheTable } from "./cache-table.ts";

const doc = readFileSync(join(import.meta.dirname, "../../docs/caching.md"), "utf8");

describe("the cache policies", () => {
  it("docs/caching.md shows the table the code keeps (worker/lib/cache-policies.ts), row for row", () => {
    const table = renderCacheTable();
    // On a mismatch, paste the expected table below into docs/caching.md.
    expect(doc.includes(table), `docs/caching.md should contain:\n\n${table}\n`).toBe(true);
  });
});
