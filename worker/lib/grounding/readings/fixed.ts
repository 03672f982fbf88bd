import { afterTransition, HEDGES, normalSentence, TRANSITIONS } from "#worker/lib/grounding/hedges.ts";

/**
 * The sentences that claim nothing, as closed lists: the hedges (`hedges.ts`), fixed notices the
 * site's writers print (what an article is, where its social figures come from, what Coinsight does
 * not hold), connectives that join claims without making one, and section headings. Anything that
 * cites nothing and is none of these has no reading and is held.
 */

/** Fixed notices, as `normalSentence` writes them; `C` stands for a coin of the brief. */
const NOTICES: readonly string[] = [
  "this roundup describes market data and is not investment advice",
  "this analysis describes market and social data and is not investment advice",
  "these social figures are estimates from the coinsight sentiment model , which works from market activity",
  "social momentum describes attention , not value",
  "social momentum and price are separate measures , and the data does not say what drove the move",
  "which combines the day 's change in galaxy score with the change in altrank",
  "maximum supply : none set ( or not reported )",
  "no recent price changes are reported for this coin",
  "coinsight has not published an article about C yet",
  "coin analyses appear when a coin trends in the newsroom 's daily run",
  "coinsight does not hold enough daily price history for C yet to compute a range from its realised volatility",
  "coinsight does not hold enough daily price history for C yet to say how unusual this move is",
  "the newsroom 's social data does not track C today , so there is no sentiment reading to report",
  "here is what the newsroom 's social data shows for C",
  "the newest articles from the coinsight newsroom about C",
  "coinsight has no recent price changes for C , so there is no move to describe",
  "this question was not counted",
  "coinsight has not recorded C 's price over this period",
  "the social figures",
  "here is what the social data shows",
  "the social data in detail",
  "on the other side of the ledger",
  "the data does not explain the move , and this article does not guess at a reason for it",
];

/** Section headings and bold labels a text may use; a heading that cites a figure is read as a claim instead. */
const HEADINGS: readonly RegExp[] = [
  /^(?:market overview|the market at a glance|how the market traded|C and C|the majors|biggest movers|social sentiment|what the crowd is saying|sentiment check|the day in context|in context|putting the day in context)$/,
  /^(?:why C is trending|the social picture|C on social media|price action|how the price is trading|the market side|reading the signals|what it means|social and price together)$/,
  /^(?:about C|how C has moved|C 's price range from its past volatility|social sentiment for C|latest on coinsight about C)$/,
  /^(?:category|supply|the market context|its usual swings|in short|galaxy score|altrank|sentiment|activity|social dominance)$/,
  // Ask's free-text answers: a comparison, a ranking, the member's watchlist, a price range.
  /^(?:C(?: , C)+ and C|the ranking|your watchlist|C 's price range)$/,
];

/** Prefixes of a headline that name the article, not a claim: "Daily Crypto Roundup:". */
export const TITLE_LABELS =
  /^(?:daily crypto roundup|crypto market roundup|daily roundup|daily market roundup|C trending analysis|why C is trending|C gains social momentum)$/;

/**
 * Words and phrases that join sentences or clauses and claim nothing: the joining words the prompts
 * offer (`TRANSITIONS`; "as of" dates a figure and is read with it), and more that a writer uses.
 */
export const CONNECTIVES: readonly string[] = [
  ...TRANSITIONS.filter((t) => t !== "as of"),
  "elsewhere",
  "by contrast",
  "in contrast",
  "in turn",
  "still",
  "also",
  "separately",
  "on the other hand",
  "for comparison",
  "then",
  "in all",
  "all told",
  "for its part",
  "taken together",
  "on the social side",
  "on the market side",
  "for their part",
  "by comparison",
];

const notices = new Set(NOTICES);
const hedges = new Set(
  HEDGES.map((h) =>
    normalSentence(h)
      .replace(/'s\b/g, " 's")
      .replace(/([,;:()])/g, " $1 ")
      .replace(/\s+/g, " ")
      .trim(),
  ),
);

/** What a sentence that cites nothing is, when it is on a list: "hedge", "notice", "heading" or "connective". */
export function fixedFrame(shape: string): string | null {
  const s = shape.replace(/\s+/g, " ").trim();
  const rest = afterTransition(s, " ,");
  if (hedges.has(s) || (rest !== null && hedges.has(rest))) return "hedge";
  if (notices.has(s)) return "notice";
  // A listed heading claims nothing, whether it comes as Markdown ("## Price action") or as a line of the editor's HTML.
  if (HEADINGS.some((re) => re.test(s))) return "heading";
  if (CONNECTIVES.includes(s)) return "connective";
  return null;
}
