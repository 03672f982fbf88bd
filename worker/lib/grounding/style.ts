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
    "- Periods: 'over the past hour', 'over 24 hours', 'today', 'on the day', 'over 7 days', 'this week', and for a fact of that period only, 'over 30 days', 'over the past year'. Say the period of every change not over 24 hours. No other periods (no 'since Monday', 'this quarter', 'yesterday').",
    "- Comparisons ('outperformed', 'lagged', 'more than', 'in step with', 'diverged from') only between two figures the facts give (two coins' changes, a coin and the median of the top 100, a coin's sentiment and its band's average, or a relative fact); 'unusually' or 'than usual' only with the fact that compares the move with its usual size.",
    "- First or best ('the largest', 'led', 'the most discussed', 'the biggest gainer') only when a rank or place fact says the coin is first in that list.",
    "- Evaluations ('bullish', 'bearish', 'positive', 'negative', 'mixed', 'improved', 'weakened') only when the figure they describe has that sign; averages, medians and totals only by citing the aggregate fact, named as the group it is of ('the top 100', 'the coins tracked', 'the band').",
    "- Supply: say which one ('circulating supply', 'total supply', 'maximum supply').",
    "- Never write causes ('because', 'driven by', 'after'), events, predictions ('will', 'could', 'may', 'likely', 'expect') or advice ('consider', 'watch', 'buy', 'hold').",
    `- Joining words you may use: ${TRANSITIONS.map((t) => `'${t}'`).join(", ")}.`,
    // The frames (readings/frames.ts), taught by example: a sentence the frames cannot read is held, whatever its words.
    "Every sentence must have one of the check's sentence forms, and every sentence that is not a caution cites a fact. Write like these examples (the ids are examples; use the ids of your facts):",
    "  - Bitcoin fell {{bitcoin.change_24h}} over 24 hours to {{bitcoin.price}}.",
    "  - Bitcoin rose {{bitcoin.change_7d}} over 7 days.",
    "  - Zcash's market cap stood at {{zcash.market_cap}}, with {{zcash.volume_24h}} traded over 24 hours.",
    "  - Zcash is ranked {{zcash.rank}} by market cap.",
    "  - Zcash's Galaxy Score went from {{zcash.galaxy_score_prev}} to {{zcash.galaxy_score}}.",
    "  - {{zcash.sentiment}} of posts about Zcash were positive.",
    "  - Among the {{scope.top100}} coins, {{market.gainers}} rose and {{market.losers}} fell, and the median move was {{market.median_change_24h}}.",
    "  - Zcash drew the most conversation among the {{scope.tracked}} coins, with {{zcash.posts_24h}} posts over 24 hours. (A superlative ('led the day's gainers', 'the best performer', 'the most') always names its group in the same sentence, and only a place fact that puts the coin first backs it.)",
    "- Section headings: 'Market overview', 'The majors', 'Biggest movers', 'Social sentiment', 'Price action', 'Reading the signals', 'In context'.",
    "- Cautions you may copy word for word (and no others):",
    ...HEDGES.map((h) => `  - ${h}`),
  ];
}
