import { describe, expect, it } from "vitest";
import { checkClaims } from "#worker/lib/grounding/index.ts";
import { BRIEFS } from "./brief.ts";
import { HONEST_CORPUS } from "./honest-corpus/index.ts";
import { claimsOf, repairAsAsked } from "./honest-corpus/repair-double.ts";

describe("the honest corpus: free prose through the readings and one repair", () => {
  const rows = HONEST_CORPUS.map((d) => {
    const input = BRIEFS[d.target];
    const first = checkClaims(d.text, input);
    const repaired = first.ok ? d.text : repairAsAsked(d.text, input);
    const second = first.ok ? first : checkClaims(repaired, input);
    const before = claimsOf(d.text, input);
    const after = claimsOf(repaired, input);
    const kept = before.size ? [...before].filter((id) => after.has(id)).length / before.size : 1;
    return { draft: d, first, second, repaired, kept };
  });

  it("prints the first-pass hold rate, the share published after one repair and the claims kept", () => {
    const n = rows.length;
    const heldFirst = rows.filter((r) => !r.first.ok).length;
    const published = rows.filter((r) => r.second.ok).length;
    const keptMean = rows.reduce((s, r) => s + r.kept, 0) / n;
    const keptMin = Math.min(...rows.map((r) => r.kept));
    const whole = rows.filter((r) => r.draft.id.startsWith("free-"));
    console.log(
      `Honest corpus: ${n} drafts (${rows.filter((r) => r.draft.target === "article").length} articles, ${rows.filter((r) => r.draft.target === "answer").length} answers)\n` +
        `  held on the first pass: ${heldFirst}/${n} (${((100 * heldFirst) / n).toFixed(1)}%)\n` +
        `  published after one repair: ${published}/${n} (${((100 * published) / n).toFixed(1)}%)\n` +
        `  claims kept per draft: mean ${(100 * keptMean).toFixed(1)}%, lowest ${(100 * keptMin).toFixed(1)}%\n` +
        `  of them written whole (not rotated): ${whole.length}, held first ${whole.filter((r) => !r.first.ok).length}, ` +
        `published after one repair ${whole.filter((r) => r.second.ok).length}`,
    );
    expect(n).toBeGreaterThanOrEqual(100);
  });

  it("publishes at least 95% after one repair, each keeping at least 80% of its claims", () => {
    const failed = rows.filter((r) => !r.second.ok).map((r) => `${r.draft.id}: ${r.second.problems.join("; ")}\n${r.repaired}`);
    expect(rows.filter((r) => r.second.ok).length / rows.length, failed.slice(0, 5).join("\n\n")).toBeGreaterThanOrEqual(0.95);
    const thin = rows
      .filter((r) => r.kept < 0.8)
      .map((r) => `${r.draft.id} kept ${(100 * r.kept).toFixed(0)}%\n${r.draft.text}\n->\n${r.repaired}`);
    expect(thin, thin.slice(0, 3).join("\n\n")).toEqual([]);
  });
});
