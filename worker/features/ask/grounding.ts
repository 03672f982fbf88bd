import { checkGrounding, type GroundingResult } from "#worker/features/newsroom/grounding.ts";
import type { AnswerBrief } from "#worker/ports/llm/answer.ts";

/**
 * The one place Ask calls the grounding check (today the newsroom's figure checker), so it can move
 * to the claim-bound checker of worker/lib/grounding/ by changing this file alone.
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
