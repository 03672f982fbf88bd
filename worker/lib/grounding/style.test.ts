import { describe, expect, it } from "vitest";
import { checkClaims, HEDGES, writingRules } from "./index.ts";
import { readWords } from "./text.ts";
import { lookup } from "./vocabulary/index.ts";

describe("the writing rules the prompts give", () => {
  const rules = writingRules().join("\n");

  it("offers only words the check knows, each in the class it is offered for", () => {
    const quoted = (line: string) => [...line.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? "");
    const direction = rules.split("\n").find((l) => l.startsWith("- Direction")) ?? "";
    for (const w of quoted(direction).filter((w) => !/^was /.test(w))) {
      expect(["direction", "flat"], w).toContain(lookup(w)?.cls);
    }
    const periods = rules.split("\n").find((l) => l.startsWith("- Periods")) ?? "";
    // The periods offered read as the brief's windows; the ones forbidden read as another period or an unknown word.
    const periodOf = (phrase: string) => readWords(phrase).find((w) => w.entry?.cls === "period")?.entry;
    for (const w of quoted(periods).slice(0, 8))
      expect(periodOf(w), w).toMatchObject({ period: expect.stringMatching(/^(?:1h|24h|7d|30d|1y)$/) });
    for (const w of quoted(periods).slice(8)) {
      const words = readWords(w);
      expect(
        words.some((x) => !x.entry || (x.entry.cls === "period" && x.entry.period === "other")),
        w,
      ).toBe(true);
    }
  });

  it("lists every hedge, and each passes the check as it is, with no brief", () => {
    for (const hedge of HEDGES) {
      expect(rules).toContain(hedge);
      expect(checkClaims(hedge, { facts: [], entities: [] }).problems, hedge).toEqual([]);
    }
  });

  it("a hedge reworded is no hedge: its modal holds it", () => {
    expect(checkClaims("Sharp moves can reverse quickly, so treat today's figures as a signal.", { facts: [], entities: [] }).ok).toBe(
      false,
    );
  });
});
