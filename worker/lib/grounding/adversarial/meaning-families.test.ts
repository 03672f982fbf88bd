import { describe, expect, it } from "vitest";
import { checkClaims, renderClaims } from "#worker/lib/grounding/index.ts";
import { BRIEFS } from "./brief.ts";
import { uncoveredKinds } from "./families.ts";
import { MEANING_FAMILIES, MEANING_KINDS } from "./meaning-families.ts";

describe("adversarial families v3 (issue 41: faults in plain words, held by their readings)", () => {
  const rows = MEANING_FAMILIES.map((f) => {
    const reports = f.drafts.map((d) => ({ draft: d, report: checkClaims(d, BRIEFS[f.target]) }));
    return { family: f, reports, held: reports.filter((r) => !r.report.ok).length };
  });

  it("prints held and published per family", () => {
    console.log(
      rows
        .map(
          (r) =>
            `kind ${r.family.kind} ${r.family.target.padEnd(8)} ${r.family.name.padEnd(56)} held ${r.held}/${r.family.drafts.length}, published ${r.family.drafts.length - r.held}`,
        )
        .join("\n"),
    );
  });

  it("covers every kind for articles and for answers", () => {
    expect(uncoveredKinds(MEANING_FAMILIES, MEANING_KINDS)).toEqual([]);
  });

  it("holds every draft, naming its sentence as readers see it, with no raw ids", () => {
    for (const r of rows) {
      for (const { draft, report } of r.reports) {
        expect(report.ok, `${r.family.target} kind ${r.family.kind}: ${draft}`).toBe(false);
        const shown = renderClaims(draft, BRIEFS[r.family.target]).replace(/\s+/g, " ");
        expect(
          report.reasons.some((x) => shown.includes(x.sentence.replace(/…$/, ""))),
          `${draft}\n${report.problems.join("\n")}`,
        ).toBe(true);
        expect(report.problems.join("\n"), draft).not.toMatch(/\{\{|\}\}/);
        // Written in words the vocabulary knows: the reading holds it, not an unknown word.
        expect(report.problems.join("\n"), draft).not.toMatch(/unrecognised/);
        // Every sentence of the draft is in the readings, and the held one says why.
        expect(report.readings.some((x) => x.verdict === "held" && x.problems.length > 0)).toBe(true);
      }
    }
  });
});
