import { describe, expect, it } from "vitest";
import { checkClaims } from "#worker/lib/grounding/index.ts";
import { SUITE_BRIEF } from "./brief.ts";
import { HONEST, HOSTILE, SUITE_VERSION } from "./cases.v1.ts";

/** The gate of the claim check: every hostile draft is held for its reason, every honest one passes. */
describe(`adversarial suite v${SUITE_VERSION}`, () => {
  it("has at least 60 hostile drafts and 30 honest ones, with unique ids", () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(60);
    expect(HONEST.length).toBeGreaterThanOrEqual(30);
    const ids = [...HOSTILE, ...HONEST].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(HOSTILE.map((c) => [c.id, c] as const))("holds %s", (_id, c) => {
    const report = checkClaims(c.text, SUITE_BRIEF);
    expect(report.ok, c.text).toBe(false);
    expect(report.problems.join("\n")).toMatch(c.because);
  });

  it.each(HONEST.map((c) => [c.id, c] as const))("passes %s", (_id, c) => {
    expect(checkClaims(c.text, SUITE_BRIEF).problems, c.text).toEqual([]);
  });
});
