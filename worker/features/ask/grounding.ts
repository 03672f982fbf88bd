import { type ClaimInput, type ClaimReport, checkClaims, renderClaims } from "#worker/lib/grounding/index.ts";
import type { AnswerBrief } from "#worker/ports/llm/answer.ts";

/**
 * The one place Ask calls the grounding check: the newsroom's claim-bound checker
 * (worker/lib/grounding), the same one every article passes. An answer cites facts as `{{id}}`;
 * each citation's coin, metric, period and direction are checked, and nothing else in the text may
 * be a figure, another coin, an event or a prediction.
 */

const inputs = new WeakMap<AnswerBrief, ClaimInput>();

/** The checker's input for a brief: its facts and its one coin (built once; a stream checks every line). */
export function claimInput(brief: AnswerBrief): ClaimInput {
  let input = inputs.get(brief);
  if (!input) {
    input = { facts: brief.sections.flatMap((s) => s.facts), entities: brief.entities };
    inputs.set(brief, input);
  }
  return input;
}

export function checkAnswer(text: string, brief: AnswerBrief): ClaimReport {
  return checkClaims(text, claimInput(brief));
}

/** The text readers see: each citation replaced by its fact's display text. Call only on a checked text. */
export function renderAnswer(text: string, brief: AnswerBrief): string {
  return renderClaims(text, claimInput(brief));
}
