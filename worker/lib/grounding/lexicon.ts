import type { Metric, Period } from "./types.ts";

/**
 * The words the claim check reads. Lists are deliberately broad: a verb missing here is a
 * direction the check cannot see, so add to them when the adversarial suite finds a gap.
 */

const w = (words: string) => new RegExp(`\\b(?:${words})\\b`, "gi");

export const UP = w(
  "rose|rise|rises|risen|rising|gain|gained|gains|gaining|climb|climbed|climbs|climbing|advanced|advances|advancing|jumped|jumps|jumping|" +
    "rallied|rallies|rally|rallying|surged|surges|surge|surging|soared|soars|soaring|added|adding|adds|up|higher|increased|increases|increase|increasing|" +
    "rebounded|rebounds|recovered|recovers|spiked|spikes|rocketed|popped|firmed|ticked up|edged up|edged higher|in the green|outperformed|" +
    "appreciated|grew|grows|growing|upside|advance|positive change|climb of",
);

export const DOWN = w(
  "fell|fall|falls|falling|fallen|slipped|slips|slipping|slid|slide|slides|sliding|declined|declines|decline|declining|dropped|drops|drop|dropping|" +
    "down|lost|loses|losing|loss|losses|sank|sinks|sinking|tumbled|tumbles|tumbling|lower|shed|sheds|shedding|decreased|decreases|decrease|decreasing|" +
    "plunged|plunges|plunge|plunging|plummeted|plummets|plummeting|crashed|crashes|crashing|crash|dipped|dips|dip|dipping|retreated|retreats|retreat|" +
    "slumped|slumps|slump|eased|eases|weakened|pulled back|gave up|gave back|in the red|sell-off|selloff|underperformed|depreciated|downside|shrank|negative change",
);

/** Metric words, longest first so "social volume" is not read as "volume", nor "Galaxy Score" as "score". */
export const METRIC_WORDS: readonly [RegExp, Metric][] = [
  [w("galaxy scores?"), "galaxyScore"],
  [w("altrank"), "altRank"],
  [w("social volume|social posts|posts|mentions|social mentions"), "socialVolume"],
  [w("interactions|engagements?"), "interactions"],
  [w("market[- ]cap(?:itali[sz]ation)?s?|market value|valued at|valuation|worth"), "marketCap"],
  [w("trades at|trading at|traded at|trades near|trading near|sits at|changes hands at|changed hands at"), "price"],
  [w("trading volume|volumes?|changing hands|changed hands|turnover|traded"), "volume"],
  [w("sentiment|positive|bullish|bearish"), "sentiment"],
  [w("dominance|share"), "dominance"],
  [w("ranked|rank|ranks|ranking|position|places|placed|place"), "rank"],
  [w("prices?|priced"), "price"],
  [w("coins|cryptocurrencies|tokens|assets"), "count"],
  [w("points|score|change|move"), "change"],
];

/** Which metric words fit a figure of each metric. */
export const ACCEPTS: Record<Metric, readonly Metric[]> = {
  price: ["price"],
  change: ["price", "change"],
  marketCap: ["marketCap"],
  volume: ["volume"],
  rank: ["rank", "marketCap"],
  altRank: ["altRank", "rank"],
  galaxyScore: ["galaxyScore", "change"],
  galaxyChange: ["galaxyScore", "change"],
  sentiment: ["sentiment", "socialVolume", "dominance"],
  dominance: ["dominance", "socialVolume", "marketCap"],
  socialVolume: ["socialVolume"],
  interactions: ["interactions"],
  count: ["count", "rank"],
  label: [],
};

export const PERIOD_WORDS: readonly [RegExp, Period | "other"][] = [
  [/\b(?:1|one)[- ]hours?\b|\b1h\b|\bhourly\b|\b(?:past|last|the) hour\b|\b60 minutes\b/gi, "1h"],
  [/\b7[- ]?days?\b|\b7d\b|\bseven[- ]days?\b|\bweek\b|\bweekly\b|\bweek's\b/gi, "7d"],
  [
    /\b24[- ]?hours?\b|\b24h\b|\btwenty-four[- ]hours?\b|\b(?:the|a|one|past|last) day\b|\btoday\b|\bdaily\b|\bovernight\b|\bintraday\b|\bsession\b|\bday's\b/gi,
    "24h",
  ],
  [/\bmonths?\b|\bmonthly\b|\byears?\b|\byearly\b|\bannual\w*|\bquarter(?:ly)?\b|\byear-to-date\b|\bYTD\b|\b30[- ]days?\b/gi, "other"],
];

/** Period phrases that carry digits but are not figures: "24 hours", "7-day", "1h". */
export const PERIOD_DIGITS = /\b(?:1|24|7)[- ]?(?:hours?|hour|h|days?|day|d)\b/gi;

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
