/**
 * The patterns the check reads before its word-by-word pass: figures, numbers in words and the
 * events and speculation it names with their own reasons. The word lists of the closed world are in
 * ./vocabulary/.
 */

/** Period phrases that carry digits but are not figures: "24 hours", "7-day", "1h". */
export const PERIOD_DIGITS = /\b(?:1|24|7|30)[- ]?(?:hours?|hour|h|days?|day|d)\b/gi;

/** Spelled-out numbers and vague quantities: a figure written so the check cannot read it. */
export const SPELLED: readonly [RegExp, string][] = [
  [
    /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?\b/gi,
    "a number spelled out",
  ],
  [/\b(?:hundreds?|thousands?|millions?|billions?|trillions?|dozens?|a dozen|a score of)\b/gi, "a number spelled out"],
  [/\bper ?cent(?:age points?)?\b|\bbasis points?\b|\bbps\b/gi, "a percentage spelled out"],
  [/\b(?:a|one|two)[- ](?:half|third|quarter|fifth|tenth)s?\b|\bthirds\b|\bhalf (?:of|its|their|the)\b|\bhalved\b/gi, "a fraction"],
  [/\b(?:doubled|tripled|quadrupled|twofold|threefold|fourfold|tenfold)\b/gi, "a multiple"],
  [/\b(?:double|triple|single)[- ]digits?\b/gi, "a vague quantity"],
  [
    /\b(?:a handful of|the majority of|a majority of|most of the coins|several|numerous|countless|a fraction of|a slew of)\b/gi,
    "a vague quantity",
  ],
  [
    /\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)[- ](?:largest|biggest|highest|lowest|best|worst|most|strongest|weakest)\b/gi,
    "a rank spelled out",
  ],
];

/** Events the data cannot show and speculation it cannot support: the draft is held for a person. */
export const EVENTS: readonly [RegExp, string][] = [
  [/\bETFs?\b|\bexchange[- ]traded funds?\b/g, "an ETF event"],
  [/\bSEC\b|\bSecurities and Exchange Commission\b|\bCFTC\b|\bregulat(?:or|ors|ion|ions|ory)\b/gi, "a regulatory event"],
  [/\bhack(?:s|ed|ers?)?\b|\bexploit(?:s|ed)?\b|\bbreach(?:es|ed)?\b|\bstolen\b|\bdrained\b/gi, "a hack"],
  [/\blawsuits?\b|\bsued\b|\bsuing\b|\blitigation\b|\bcourt\b|\bindict\w*|\bsettlement\b/gi, "a legal event"],
  [/\bpartner(?:s|ship|ships|ed|ing)?\b|\bcollaborat\w*|\bintegrat(?:ion|ed|es) with\b/gi, "a partnership"],
  [/\b(?:de)?listings?\b|\b(?:de)?listed on\b|\bdelist\w*/gi, "a listing"],
  [
    /\ball[- ]time[- ](?:highs?|lows?)\b|\bATH\b|\brecords?\b|\brecord[- ](?:highs?|lows?)\b|\bnew (?:highs?|lows?)\b|\bhighest (?:level|price|close)\b/gi,
    "a record",
  ],
  [/\bairdrops?\b|\bmainnet\b|\bupgrades?\b|\bhalving\b|\bhard fork\b|\btoken burn\b|\bunlocks?\b/gi, "a project event"],
  [
    /\bwhales?\b|\binstitutional\b|\binflows?\b|\boutflows?\b|\bthe Fed\b|\binterest rates?\b|\bmacro\w*\b/gi,
    "a cause (whales, flows, policy)",
  ],
  [/\bannounc\w*|\bapprov(?:al|als|ed|es)\b|\blaunch(?:ed|es)?\b|\brumou?rs?\b/gi, "an announcement or launch"],
  [/\bwill\b|\bwon't\b|\bgoing to\b/gi, "a prediction"],
  [
    /\b(?:expected|set|poised|likely|bound|on track|about) to\b|\bcould (?:reach|hit|climb|rise|fall|drop|soar|double|test|break)\b|\bmay (?:reach|hit|soon)\b|\bnext (?:week|month|year|quarter)\b|\bforecasts?\b|\bpredict\w*|\bprojected\b|\bin the coming (?:days|weeks|months)\b/gi,
    "a prediction",
  ],
  [
    /\bprice targets?\b|\btargets? of\b|\btarget(?:ing|s)? (?:the )?\$?|\bheading (?:for|to|towards)\b|\bsupport level\b|\bresistance\b/gi,
    "a price target",
  ],
  [
    /\b(?:should|must|consider|time to|good time to|now to|recommend\w*|advise\w*)\s+(?:\w+\s+)?(?:buy|sell|accumulate|short|hold|invest|load up)\w*|\bbuy(?:ing)? (?:opportunity|signal|the dip|now)\b|\bsell signal\b|\b(?:strong )?(?:buy|sell) rating\b|\bundervalued\b|\bovervalued\b|\bbargain\b|\bto the moon\b|\bmoonshot\b|\bdon't miss\b/gi,
    "investment advice",
  ],
];

/** Tickers that are also English words or site vocabulary: never read as a coin. */
export const NOT_TICKERS = new Set(
  "USD UTC ETF SEC API CEO USA ATH THE AND FOR ONE NOT ALL NEW ANY TOP DAY BIG KEY CAT DOG GAS SUN NOW LOW WIN FUN YES AI AM AN AS AT BE BY DO GO HE IF IN IS IT ME MY NO OF OK ON OR SO TO UP US WE".split(
    " ",
  ),
);

/** Coin names that are ordinary words ("Flow", "Status"): read as a coin only beside their ticker. */
export const COMMON_NAMES = new Set(
  (
    "rain canton sky render gate lighter midnight kite plasma pearl vision genius shuffle core beam flow gas portal status secret hive spell " +
    "civic maple aurora bounce tribe dent prom nano nexus humanity velvet derive grass stable cash quant aster stacks flare harmony holo flux venus " +
    "marlin gelato orbs dash compound optimism immutable terra blur golem blox toshi coco ergo constellation ark bonk pepe sushi maker chia telos " +
    "lab just olympus ultima peanut genesis kava sei sui sky jupiter monad gnosis pendle celestia raydium velo steem prime story ordinals real " +
    "would everything movement safe request"
  ).split(" "),
);
