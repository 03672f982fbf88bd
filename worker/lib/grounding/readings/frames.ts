import type { Ranking } from "#worker/lib/grounding/types.ts";

/**
 * The closed set of clause frames. A sentence is read by cutting it into clauses at the joiners
 * (`joiners.ts`) and matching each clause, whole, against one frame: a pattern over the sentence's
 * shape (`shape.ts`: words, `F` for a cited figure, `C` for a coin of the brief). A frame says what
 * its clause claims (its kind), what each cited figure must be (`want`), and, for a direction, which
 * way the words point. Patterns are written with the slot classes below, so a verb outside a class
 * (a "neutral" verb, an event, advice, a forecast) matches no frame and the sentence has no reading.
 */

/** What a clause claims, as `Claim.kind`. */
export type ClaimKind = "value" | "direction" | "rank" | "comparison" | "count" | "share" | "range" | "usual";

export type Frame = {
  id: string;
  kind: ClaimKind | "scope" | "label";
  re: RegExp;
  /**
   * What each cited figure of the clause must be, in order (the last repeats): metrics of `Fact`
   * (`change`, `price`…), `position:<ranking>` for a place in a list, `label` for a fixed text,
   * `group` for a group's label ("the top 100"), `*` for any fact.
   */
  want: string[];
  /** A superlative or list claim: the coin's place in this ranking must be first (1) or within ten (10). */
  ranking?: { list: Ranking; top: 1 | 10 };
};

/** A coin or the coin carried from the sentence before; its possessives. */
const S = `(?:C|it|its price|C 's price|the coin|the token|its token)`;
const POSS = `(?:C 's|its|the coin 's|the)`;
/** The windows a sentence may give a figure. */
const PER = `(?:(?:over|in|during|for) (?:the )?(?:past|last|previous|same) (?:24 hours|day|7 days|seven days|week|hour|30 days|month|year)|over (?:24 hours|7 days|seven days|the week|the day|30 days|the month|the year)|in (?:24 hours|the last day|a day)|on the (?:day|week|session)|on a day|during the day|today|this week|a day earlier|the day before|than a day earlier|in the last hour|over the hour)`;
const P = `(?: ${PER})?`;
/** "Right now", "at the moment": the present of a level figure, which is what the figure is. */
const NOW = `(?: right now| at the moment| at present)?`;
const UP = `(?<up>rose|gained|climbed|advanced|added|jumped|surged|soared|rallied|spiked|edged up|edged higher|moved up|moved higher|gained ground|rises|gains|climbs|jumps|surges|rallies|soars|advances|finished higher|ended higher|closed higher|rise|increased|improved|is up|was up|remains up|remained up|is still up|was still up|stays up|stayed up|up|rising|gaining|climbing|ticked up|firmed|recovered)`;
const DOWN = `(?<down>fell|slipped|eased|dipped|declined|dropped|slid|lost|edged lower|edged down|moved lower|plunged|tumbled|slumped|lost ground|falls|slips|eases|dips|slides|drops|declines|finished lower|ended lower|closed lower|fall|decreased|weakened|is down|was down|remains down|remained down|is still down|was still down|down|falling|slipping|ticked down|retreated|sank)`;
const FLAT = `(?<flat>was little changed|was flat|barely moved|held steady|was steady|was unchanged|stayed flat|was nearly unchanged)`;
const MOVE = `(?:${UP}|${DOWN})`;
/** A figure in brackets after a claim: "(+0.12%)", "(+4.10% over 7 days)", "(7.2 points)". */
const PAREN = String.raw`(?: \( F(?: points)?${P} \))?`;
/** Words that name a level figure; the figure check reads which metric they name. */
const METRIC = `(?:price|market cap|market capitalisation|market capitalization|market value|total market value|combined market value|trading volume|24-hour trading volume|24-hour volume|volume|galaxy score|altrank|sentiment|sentiment score|social dominance|social volume|circulating supply|total supply|maximum supply|max supply|supply|realised volatility|realised daily volatility|daily volatility|volatility|share of the total market value|share of the (?:whole |total |crypto )?market|market share|dominance|bitcoin dominance|share of all crypto social (?:volume|activity)|rank|market-cap rank|position|median (?:move|change|price change|24-hour change)|typical move|average sentiment|range|price range|change|price change|24-hour change|24-hour price change|7-day change|7-day price change)`;
const BE = `(?:is|was|stood at|stands at|sat at|came to|comes to|came in at|reached|ended at|closed at|settled at|of|at|totalled|totaled|amounted to|was about|is about|hit|sits at|rested at|landed at)`;
/** A group of coins as a sentence names it, with its label cited or written out. */
const GROUP = `(?:the (?:F|top 100|tracked)(?: coins| cryptocurrencies| largest coins| largest cryptocurrencies)?|F coins|tracked coins|coins tracked|the coins tracked|the tracked coins|the top 100 coins|the market|the crypto market|the wider market|the broader market|the coins ranked F|the F coins ranked F|coins ranked F|its band|the band|that group|the same group)`;
/** What a coin is, as the site's sectors name it (the offline writers' sectorOf). */
const SECTOR =
  "(?:meme coin|base-layer blockchain|interoperability network|defi token|exchange protocol|lending protocol|ai-focused project|privacy coin|payments network|oracle network|exchange token|liquid-staking token|commodity-backed token|smart-contract platform|coin|token|cryptocurrency)";
const RANKED = `(?:ranked|ranks|ranking|placed|places|sits|sat|stands|stood|is|was|comes|came)`;

const f = (id: string, kind: Frame["kind"], pattern: string, want: string[], ranking?: Frame["ranking"]): Frame => ({
  id,
  kind,
  re: new RegExp(`^(?:${pattern})$`),
  want,
  ranking,
});

export const FRAMES: readonly Frame[] = [
  // Direction: a coin or a group moved, by the cited change, over the period; optionally to a price.
  f(
    "move",
    "direction",
    `(?:(?:${S}|${POSS} price) )?(?:has |have )?${MOVE}(?: by)?(?: about| roughly)? F${P}(?: ${PER})?(?: to (?:trade at )?F${P})?${PAREN}`,
    ["change", "price", "change"],
  ),
  f("move-to", "direction", `(?:(?:${S}|${POSS} price) )?${MOVE}${P} to F(?: , (?:a move of|or) F)?`, ["price", "change"]),
  f("move-period-first", "direction", `(?:${PER})(?: ,)? (?:${S}|${POSS} price) (?:has )?${MOVE}(?: by)? F(?: to F)?`, ["change", "price"]),
  f("move-leaving", "direction", `(?:leaving|putting|leaves|puts) it ${MOVE} F${P}`, ["change"]),
  f("move-bare", "direction", `(?:${S} )?${MOVE} F${P}`, ["change"]),
  // A move told by its signed figure alone ("in the last hour it moved +0.12%"): the figure is the claim.
  f("move-signed", "value", `(?:${PER} (?:, )?)?(?:${S}|${POSS} price) (?:has )?(?:moved|changed)(?: by)? F${P}`, ["change"]),
  f(
    "move-ended",
    "direction",
    `(?:${S} )?(?:is|was|ended|closed|finished|drifted|moved|traded)(?: the (?:day|week|session))? F (?:(?<up>higher)|(?<down>lower))${P}(?: at F)?${P}`,
    ["change", "price"],
  ),
  f(
    "move-noun",
    "direction",
    `(?:(?:(?:${S}|its (?:week|day)|the (?:week|day)) )?(?:still )?(?:suffered|posted|recorded|registered|saw|booked|shows|showed|extending|extended|adding to|added to) )?(?:a|an|its) (?:weekly |daily |24-hour |7-day )?(?:(?<up>gain|rise|advance|increase|jump|climb)|(?<down>loss|fall|drop|decline|dip|slide|pullback)) of F(?: points)?${P}`,
    ["change|galaxyChange|galaxyScore"],
  ),
  f("flat", "direction", `(?:(?:${S}|${POSS} price) )?${FLAT}(?: at F| \\( F \\))${P}(?: to F)?`, ["change", "price"]),
  f("flat-median", "direction", `the typical coin (?<flat>barely moved) , with a median change of F`, ["change"]),
  f(
    "group-move",
    "direction",
    `(?:${GROUP}|the typical coin(?: in ${GROUP})?|the median coin(?: in ${GROUP})?) (?:still )?${MOVE}(?: by)? F${P}`,
    ["group|change", "change"],
  ),
  // The market's mood, read from the day's breadth.
  f(
    "mood",
    "count",
    `(?:it was )?(?:(?<up>a constructive|a firmer|a broadly positive|a positive)|(?<down>a cautious|a softer|a broadly negative|a negative)|(?<flat>a mixed|an evenly split)) (?:(?:day|session) (?:for|in) the crypto market|picture)`,
    [],
  ),
  // Value: a level figure named by its metric.
  f(
    "value",
    "value",
    `(?:${S} )?(?:now |currently )?(?:trades|traded|trading|is trading|was trading|changed hands|changes hands|last traded|sat|sits|stands|stood|was|is|ended|closed|finished)(?: the day)? at F${P}${NOW}`,
    ["price"],
  ),
  f(
    "value-metric",
    "value",
    `(?:${POSS} |${S} 's |the )?(?:24-hour |total |combined |current |average )?${METRIC}(?: for C)?(?: (?:in|of|across|among) ${GROUP})?(?: ${PER})? ${BE} (?:a |an )?(?:combined |total )?F${P}(?: (?:a day|per day))?${NOW}`,
    ["*"],
  ),
  f(
    "value-has",
    "value",
    `(?:${S}|${GROUP}) (?:has|had|carries|carried|holds|held) (?:a |an )?(?:24-hour |total |combined )?${METRIC} of F${P}`,
    ["*"],
  ),
  f("value-with", "value", `(?:with|giving it|which gave it|which gives it) (?:a |an )?(?:24-hour |total |combined )?${METRIC} of F${P}`, [
    "*",
  ]),
  f("value-for", "value", `for (?:a |an )?${METRIC} of F`, ["*"]),
  f(
    "value-label",
    "value",
    `(?:${METRIC}|last hour|last 24 hours|last 7 days|in circulation|posts in the last day|interactions in the last day|activity) : F(?: (?:C|points|of the maximum supply|of all crypto social volume|of posts (?:are|were) positive|posts))?(?: ${PER})?${PAREN}`,
    ["*"],
  ),
  f(
    "value-worth",
    "value",
    `(?:${GROUP}|the F largest cryptocurrencies|the coins tracked) (?:were|are) worth (?:a combined |a total of |roughly |about )?F`,
    ["group|count|marketCap", "marketCap"],
  ),
  f(
    "value-traded",
    "value",
    `(?:with |(?:(?:C|it) )?saw |about |roughly )?F (?:of (?:C|it) )?(?:changing hands|traded|worth of it changed hands|in (?:24-hour )?trading volume|of (?:24-hour )?trading volume|in (?:24-hour |daily )?volume|worth of C changed hands|worth of C traded)${P}`,
    ["volume"],
  ),
  f("value-volume-reached", "value", `(?:24-hour )?trading volume (?:reached|came to|was) F`, ["volume"]),
  f("value-puts", "value", `that puts ${POSS} market (?:capitalisation|value|cap) at F`, ["marketCap"]),
  f(
    "value-galaxy-to",
    "direction",
    `(?:${POSS} |${S} )?galaxy score (?<up>rises|rose|climbed|improved)?(?<down>slips|slipped|fell|eased)? to F`,
    ["galaxyScore"],
  ),
  f("value-filed", "value", `${S} is filed under F`, ["label"]),
  f("supply-has", "value", `${S} has F (?:coins |tokens )?in circulation`, ["circulatingSupply"]),
  f("supply-in-circulation", "value", `(?:about |roughly |around |some )?F (?:C |coins |tokens )?(?:are|were) in circulation`, [
    "circulatingSupply",
  ]),
  f("supply-share", "value", `F of the (?:maximum|max|total)(?: supply)?(?: of F)?`, ["*", "maxSupply|totalSupply"]),
  f("supply-out-of", "value", `out of a (?:maximum|max|total)(?: supply)? of F`, ["maxSupply|totalSupply"]),
  // Pairs: "from A to B", a score or a rank a day apart; the pair's direction is checked by the figure check.
  f("pair", "direction", `(?:${POSS} |${S} 's )?(?:galaxy score|altrank|sentiment) (?:went|moved|${UP}|${DOWN}) from F to F${P}`, ["*"]),
  f("pair-tail", "direction", `(?:${UP}|${DOWN}|weakened|went|moved) from F(?: a day earlier| the day before)?${PAREN}`, ["*"]),
  f("pair-from", "value", `(?:altrank |galaxy score )?from F to F`, ["*"]),
  f("altrank-title", "direction", `altrank F to F`, ["altRank"]),
  f("pair-same", "value", `the same as F (?:a day earlier|the day before)`, ["*"]),
  f("pair-named", "direction", `(?:C|it) from F to F`, ["*"]),
  f("altrank-to", "direction", `(?:${POSS} |${S} 's )?altrank (?:${UP}|${DOWN}) to F`, ["altRank"]),
  // Bare figures: a list item, a bracketed figure, or a figure after a label line.
  f("bare", "value", `F(?: (?:C|points|posts|interactions|coins|of the time|a day))?${P}`, ["*"]),
  // Counts and breadth.
  f(
    "count-of",
    "count",
    `F (?:of (?:the )?(?:F )?(?:coins|them) |coins |of ${GROUP} )?(?:${UP}|${DOWN}|gained ground|lost ground|lost it|rose in price|fell in price)${P}`,
    ["count|group", "group|count"],
  ),
  f(
    "count-posts",
    "count",
    `(?:${PER} (?:, )?)?(?:(?:C|it) (?:drew|recorded|saw|had|attracted) |there were )?F (?:social )?(?:posts|mentions)(?: about (?:C|it))?${P}`,
    ["socialVolume"],
  ),
  f("count-interactions", "count", `(?:(?:C|it) (?:drew|recorded|saw|had|attracted) )?F (?:social )?interactions${P}`, ["interactions"]),
  // Shares.
  f("share-sentiment-title", "share", `F positive sentiment`, ["sentiment"]),
  f(
    "share-sentiment",
    "share",
    `(?:roughly |about |some )?F (?:of (?:social )?posts|of (?:the )?(?:social )?posts about (?:C|it|the coin|the token|the coins)) (?:are|were|was) positive(?: on average)?${P}`,
    ["sentiment"],
  ),
  f(
    "share-sentiment-around",
    "share",
    `(?:sentiment|the mood|social mood) (?:around|about|for|on) (?:C|the coin) (?:is|was|leans|leaned) (?:positive|negative|bullish|bearish|cautious|upbeat|clearly positive|evenly balanced|mixed)(?: , (?:with|at) F(?: of posts| positive posts)?(?: positive)?)?`,
    ["sentiment"],
  ),
  f(
    "share-sentiment-avg",
    "share",
    `(?:social mood|sentiment|the average share of positive posts)(?: across ${GROUP})? (?:averaged|was|stood at) F(?: positive posts)?`,
    ["group|sentiment", "sentiment"],
  ),
  f("share-accounted", "share", `(?:C|it) accounted for F of all (?:crypto )?social (?:volume|activity)`, ["socialDominance|dominance"]),
  f("share-accounts", "share", `(?:C|it) (?:still )?accounts? for F of the (?:market 's )?total (?:market )?value`, ["dominance"]),
  f("share-of-social", "share", `(?:which gave it |giving it )?F of all (?:crypto )?social (?:volume|activity)`, [
    "socialDominance|dominance",
  ]),
  f("share-dominance", "share", `(?:C 's |its )?share of the total market value (?:stood at|was|is) F`, ["dominance"]),
  // Places in a ranking: the cited place must be of the ranking the words name.
  f(
    "rank-cap",
    "rank",
    `(?:${S} (?:is |was )?)?(?:ranked|ranks|sits|stands) (?:at )?F(?: by (?:market cap|market capitalisation|market capitalization|market value|market-cap))?`,
    ["rank"],
  ),
  f("rank-momentum", "rank", `(?:${S} )?${RANKED} F (?:for|on|in) (?:coinsight 's )?social momentum(?: measure)?(?: among ${GROUP})?`, [
    "position:momentum",
    "group|count|label",
  ]),
  f("rank-momentum-among", "rank", `among ${GROUP} , it ${RANKED} F on coinsight 's social momentum measure`, [
    "count|group|label",
    "label|group",
    "position:momentum",
  ]),
  // A place in a list without a number: the direction check binds "gainers" to the coin's change.
  f("member", "rank", `${S} (?:was|is|were|are) (?:among|one of) the (?:day 's )?(?:top )?(?<list>gainers|losers)`, []),
  f(
    "rank-list",
    "rank",
    `(?:${S} )?${RANKED} F (?:among|on|in) (?:the day 's |today 's )?(?:top )?(?<list>gainers|losers)(?: list)?(?: among ${GROUP})?`,
    ["position:gainers|position:losers", "group"],
  ),
  // Superlatives: the scope is part of the claim (the group is named in the clause) and the place is checked.
  f(
    "lead-gainers",
    "rank",
    `${S} (?:led|leads|topped|tops) (?:the (?:day 's )?gainers|the gainers|the day 's gainers) (?:among|of|in) ${GROUP}(?: (?:with|at|,) (?:up )?F${P})?`,
    ["group", "change"],
    { list: "gainers", top: 1 },
  ),
  f(
    "best-performer",
    "rank",
    `the (?:day 's )?(?:best performer|biggest gainer|top gainer|strongest performer) (?:among|in|of) ${GROUP} was C (?:at|with) F`,
    ["group", "change"],
    { list: "gainers", top: 1 },
  ),
  f(
    "weakest-performer",
    "rank",
    `(?:its|the (?:day 's )?) ?(?:weakest|worst performer|biggest loser|weakest performer) (?:among|in|of) ${GROUP} was C (?:at|with) F|its weakest was C at F`,
    ["group|change", "change"],
    { list: "losers", top: 1 },
  ),
  f(
    "most-discussed",
    "rank",
    `C drew the most (?:conversation|posts|social posts|attention) (?:among|of|in) ${GROUP}(?: , (?:with )?F posts(?: and F interactions)?${P})?`,
    ["group", "socialVolume", "interactions"],
    { list: "socialVolume", top: 1 },
  ),
  f("lead-momentum", "rank", `${S} (?:leads|led|tops|topped) social momentum (?:among|in|of) ${GROUP}`, ["group|count|label"], {
    list: "momentum",
    top: 1,
  }),
  f(
    "list-intro",
    "rank",
    `the (?:strongest gains|largest gains|day 's best performers|weakest|largest declines|biggest gains|biggest declines) (?:in|of|among) ${GROUP}(?: came from)?`,
    ["group"],
  ),
  f("rank-sector", "rank", `${S} is (?:a|an) ${SECTOR} ranked F by market cap`, ["rank"]),
  f(
    "largest-cap",
    "rank",
    `${S} (?:is|remains|was) (?:the largest|the biggest) (?:cryptocurrency|coin|crypto asset)(?: by market (?:cap|value|capitalisation))?(?: , ranked F(?: by market (?:cap|capitalisation|value))?)?`,
    ["rank"],
  ),
  f(
    "among-largest",
    "rank",
    `${S} (?:is|remains) among the (?:largest|biggest) (?:coins|cryptocurrencies)(?: by market (?:cap|value))?(?: , ranked F)?`,
    ["rank"],
  ),
  f(
    "galaxy-most",
    "rank",
    `(?:among ${GROUP} , )?C 's galaxy score (?:rose|improved|gained) the most(?: among ${GROUP})?(?: , from F to F)?`,
    ["group", "galaxyScore", "galaxyScore"],
    { list: "galaxyRise", top: 1 },
  ),
  // Comparisons: two figures the sentence cites, or a relative fact.
  f(
    "compare-median",
    "comparison",
    `(?:so )?(?:${S}) did (?<up>better than)?(?<down>worse than)?(?<flat>the same as)? the typical (?:large )?coin${P}`,
    [],
  ),
  f("compare-band-avg", "comparison", `(?<up>above)?(?<down>below)?(?<flat>the same as)? the band 's average of F`, ["sentiment"]),
  f(
    "compare-coins",
    "comparison",
    `(?:C|it) (?:(?<up>outperformed|beat|rose more than|did better than)|(?<down>lagged|underperformed|trailed|fell more than|did worse than)) (?:C|the market|the typical coin)${P}(?: , (?:by|with) F)?`,
    ["relative|change"],
  ),
  f(
    "compare-diverged",
    "comparison",
    `C (?:went its own way from C|diverged from C|did not follow C|went the other way from C|moved in step with C|followed the same direction as C|tracked C|moved the other way|went the other way)${P}`,
    [],
  ),
  // The usual move: the coin's own baseline and today's multiple of it.
  f("usual-baseline", "usual", `on a usual day , ${POSS} price moves by about F(?: , its realised daily volatility)?`, [
    "change|price|range|volatility|*",
  ]),
  f(
    "usual-multiple",
    "usual",
    `today 's move is (?:about )?F times (?:that|${POSS} (?:usual|normal|typical) (?:daily )?(?:swing|move)(?: of F)?)`,
    ["relative|*"],
  ),
  f(
    "usual-verdict",
    "usual",
    `(?:an unusually large move|a larger move than usual|within its usual range|a move within its usual range)`,
    [],
  ),
  // The labelled statistical range (Ask's future_price).
  f(
    "range",
    "range",
    `if it kept moving the way it has , its price would stay inside (?:F|(?:each of these ranges|this range|the range) about F of the time)`,
    ["*"],
  ),
  f("range-measured", "value", `(?:measured on F|over the last F daily moves)`, ["*"]),
  f("range-volatility", "value", `its realised volatility was F a day`, ["*"]),
  // A group named as the scope of the sentence's other clauses ("Among the top 100, …").
  f("scope", "scope", `(?:among|across|in|of|for) ${GROUP}(?: coins)?(?: ranked F)?`, ["group|label|count"]),
  // A period named before its clause ("Over the week, however, Ether is still down 1.85%"): the figure check reads it.
  f("period", "scope", PER, []),
  // The score's scale and similar labelled texts.
  f("subject", "label", `C`, []),
  f("momentum-measure", "label", `which combines the day 's change in galaxy score with the change in altrank`, []),
  f("scale", "label", `the score blends price , social sentiment and social activity on a scale of F`, ["label"]),
  f("as-of", "label", `as of F(?: on F)?`, ["label"]),
  f("apposition", "label", `(?:a|an) ${SECTOR}`, []),
  f("date-at", "label", `(?:C )?at F`, ["price"]),
  f("label-item", "label", `F \\( F \\)`, ["label"]),
];
