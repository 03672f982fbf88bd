/**
 * The sentences a writer may use as they are: cautions that name no coin and cite no figure, but
 * use words a claim may not (a modal, "like", "little"). A sentence that is one of these, word for
 * word, is not read as a claim; the prompts list them, and the offline writers use only these.
 */
export const HEDGES: readonly string[] = [
  "Sharp moves can reverse quickly, so treat one day's figures as a snapshot rather than a signal.",
  "As always in crypto, sharp moves can reverse quickly, so treat a single day's figures as a snapshot rather than a signal.",
  "Daily moves like these say little on their own; the trend over a longer stretch, and whether volume and social activity confirm it, tells more.",
  "One session rarely sets a direction, and one day's breadth says little about the next.",
  "Social mood can change quickly and does not decide prices on its own.",
  "Social attention can fade as quickly as it arrives.",
  "Social spikes can fade as quickly as they arrive.",
  "Popularity is not the same as value.",
  "Attention is a signal to look closer, not a reason to act.",
  "Divergences like this can resolve either way, and the data alone does not say which.",
  "The range only restates how much the price has moved in the past.",
  "News, liquidity and the wider market can take it outside the range at any time.",
  "The figures show what happened, not why: the data does not say what drove the move.",
  "The data does not say what drove the move.",
  "The data does not say what drove either move.",
  "The data does not say what drove these moves.",
  "Past moves do not decide future prices.",
  "One strong day does not make a trend.",
  "AltRank places each coin against every other coin on social and market activity, and a lower number is a better place.",
];

/** Words that join sentences without claiming anything; the prompts offer them. */
export const TRANSITIONS: readonly string[] = [
  "meanwhile",
  "however",
  "overall",
  "in short",
  "at the same time",
  "for context",
  "on the day",
  "as of",
  "that said",
  "even so",
];

/** A sentence as the hedge list is compared: lower case, plain apostrophes, single spaces, no Markdown or end mark. */
export function normalSentence(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[*_#>`]/g, "")
    .replace(/^\s*(?:[-•]|\d+[.)])\s+/, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
}

const known = new Set(HEDGES.map(normalSentence));

/** Whether a sentence is one of the hedges (whatever its case, spacing or Markdown emphasis). */
export function isHedge(sentence: string): boolean {
  const s = normalSentence(sentence);
  const rest = afterTransition(s, ",");
  return known.has(s) || (rest !== null && known.has(rest));
}

/**
 * A sentence without the listed transition it opens with ("that said, past moves do not decide future
 * prices"): a transition before a hedge joins it and claims nothing. `comma` is how the text spells the
 * comma after it ("," in a sentence, " ," in a reading's shape). Null when it opens with none.
 */
export function afterTransition(s: string, comma: string): string | null {
  const lead = TRANSITIONS.find((t) => s.startsWith(`${t}${comma} `));
  return lead === undefined ? null : s.slice(lead.length + comma.length + 1);
}
