import type { AnswerBrief } from "#worker/ports/llm/answer.ts";
import { checkGrounding, type GroundingResult } from "./figure-check.ts";

/**
 * The one place Ask calls the grounding check (its figure checker, ./figure-check.ts), so it can move
 * to the newsroom's claim-bound checker of worker/lib/grounding/ by changing this file alone.
 */

/** Numbers any answer may write without a fact: "top 100", "0 to 100". */
const COMMON_NUMBERS = [0, 100];

export type { GroundingResult };

export function checkAnswer(text: string, brief: AnswerBrief): GroundingResult {
  const facts = brief.sections.flatMap((s) => s.facts);
  // Names and article paths with digits in them ("USD1", "/article/top-10-...") are not figures.
  const names = [brief.coin.name, brief.coin.symbol, ...brief.news.map((a) => a.path)];
  return checkGrounding(text, facts, { allowed: [...COMMON_NUMBERS, ...brief.allowedNumbers], names });
}
