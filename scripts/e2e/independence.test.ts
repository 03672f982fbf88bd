import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The e2e files run side by side and each can run alone (docs/decisions/testing/e2e-files-own-their-data.md):
 * nothing may put them back in an order. A cheap guard; running a file alone is the real proof.
 */
const root = join(import.meta.dirname, "../..");
const dir = join(root, "scripts/e2e");
const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("end-to-end files keep no order", () => {
  it("vitest is given no sequencer, and the e2e files run in parallel", () => {
    const config = readFileSync(join(root, "vite.config.ts"), "utf8");
    expect(config).not.toMatch(/sequencer/);
    expect(config).not.toMatch(/fileParallelism:\s*false/);
  });

  it("no file is named for where it runs", () => {
    expect(files.filter((f) => /^(zz|\d+)[-_.]/i.test(f))).toEqual([]);
  });

  it("no file says it runs before or after another", () => {
    const claims = files.flatMap((f) =>
      (readFileSync(join(dir, f), "utf8").match(/.*\b(runs? (first|last|before|after)|named to run|name order)\b.*/gi) ?? []).map(
        (line) => `${f}: ${line.trim()}`,
      ),
    );
    expect(claims).toEqual([]);
  });
});
