/**
 * Claim-bound grounding: a text cites facts by id (`{{bitcoin.price}}`), and every claim around a
 * citation is checked against the fact it cites. Used by the newsroom (articles) and Ask Coinsight
 * (answers); both build their facts with ./facts.ts. Rules and API: README.md in this folder.
 */
export { checkClaims, heldSentences, renderClaims } from "./check.ts";
export { facts, longDate } from "./facts.ts";
export { HEDGES } from "./hedges.ts";
export { writingRules } from "./style.ts";
export type { ClaimInput, ClaimReport, Entity, Fact, Ranking } from "./types.ts";

import type { ClaimReport } from "./types.ts";

/** The report as people read it: one problem per line (the review screen shows this). */
export function reviewText(report: ClaimReport): string {
  return report.problems.join("\n");
}
