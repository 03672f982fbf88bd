import { HEDGES, TRANSITIONS } from "./hedges.ts";
import { MOVE } from "./scope.ts";

/**
 * The closed world told to a writer: the words the check recognises for each kind of claim, and
 * the hedges it reads as they are. Both prompts (articles and Ask answers) add these lines, so a
 * live model writes in the check's vocabulary instead of learning it from held drafts.
 */
export function writingRules(): string[] {
  return [
    "The fact check is a closed world: a word it does not recognise holds the text. Write plain, neutral sentences with common words, and use these words for claims:",
    `- Direction and size of a move: for a move under ${MOVE.smallBelow}%: 'rose', 'gained', 'edged up', 'fell', 'slipped', 'eased', 'dipped'; from ${MOVE.largeFrom}%: 'climbed', 'advanced', 'declined', 'dropped', 'jumped', 'surged', 'soared', 'plunged', 'tumbled'; any size: 'rose', 'fell', 'was up', 'was down'. Under ${MOVE.flatBelow}% you may write 'was little changed'.`,
    "- Periods: 'over the past hour', 'over 24 hours', 'today', 'on the day', 'over 7 days', 'this week'. Say the period of every 7-day or 1-hour change. No other periods (no 'since Monday', 'this month', 'yesterday').",
    "- Comparisons ('outperformed', 'lagged', 'more than', 'in step with', 'diverged from') only between two figures the facts give (two coins' changes, a coin and the median of the top 100, a coin's sentiment and its band's average, or a relative fact); 'unusually' or 'than usual' only with the fact that compares the move with its usual size.",
    "- First or best ('the largest', 'led', 'the most discussed', 'the biggest gainer') only when a rank or place fact says the coin is first in that list.",
    "- Evaluations ('bullish', 'bearish', 'positive', 'negative', 'mixed', 'improved', 'weakened') only when the figure they describe has that sign; averages, medians and totals only by citing the aggregate fact, named as the group it is of ('the top 100', 'the coins tracked', 'the band').",
    "- Supply: say which one ('circulating supply', 'total supply', 'maximum supply').",
    "- Never write causes ('because', 'driven by', 'after'), events, predictions ('will', 'could', 'may', 'likely', 'expect') or advice ('consider', 'watch', 'buy', 'hold').",
    `- Joining words you may use: ${TRANSITIONS.map((t) => `'${t}'`).join(", ")}.`,
    "- Cautions you may copy word for word (and no others):",
    ...HEDGES.map((h) => `  - ${h}`),
  ];
}
