/**
 * Hostile families, version 2: each of the nine fault kinds that reached readers through the block
 * list, written as synonym sets crossed with sentence templates, so most of the wording is not in
 * any list of the check. Every draft is false or unbacked by its brief (brief.ts) and must be held.
 * Grow a family with new wording; never remove a draft that is held today.
 */

export type Target = "article" | "answer";

export type Family = { kind: number; name: string; target: Target; drafts: string[] };

/** The kinds a suite has no family for, for articles or answers ("3 answer"): a suite must cover each for both. */
export function uncoveredKinds(families: readonly Family[], kinds: Record<number, string>): string[] {
  return Object.keys(kinds)
    .map(Number)
    .flatMap((kind) => (["article", "answer"] as const).map((target) => ({ kind, target })))
    .filter(({ kind, target }) => !families.some((f) => f.kind === kind && f.target === target))
    .map(({ kind, target }) => `${kind} ${target}`);
}

export const KINDS: Record<number, string> = {
  1: "direction word contradicting the figure (or its size)",
  2: "period phrase contradicting the figure's period",
  3: "aggregate with a wrong value or group",
  4: "rank or superlative not backed by a rank",
  5: "soft event claim",
  6: "soft advice or prediction",
  7: "relative claim with no fact behind it",
  8: "polarity word contradicting the figure",
  9: "supply figures confused",
};

/** Every template with every slot filled: `{a}` from the first list, `{b}` from the second. */
function cross(templates: readonly string[], a: readonly string[], b: readonly string[] = [""]): string[] {
  return templates.flatMap((t) => a.flatMap((x) => b.map((y) => t.replaceAll("{a}", x).replaceAll("{b}", y))));
}

// Direction and size: synonyms written against the sign (Bitcoin fell 2.31% on the day and rose 5.12% on the week; Ethereum rose 3.40%).
const UP = [
  "catapulted",
  "vaulted",
  "mooned",
  "ripped higher",
  "shot up",
  "powered ahead",
  "marched higher",
  "perked up",
  "bounced back",
  "took off",
  "firmed up",
  "notched a gain of",
  "rallied",
  "climbed",
];
const DOWN = [
  "tanked",
  "cratered",
  "nosedived",
  "sagged",
  "skidded",
  "buckled",
  "wilted",
  "sputtered",
  "gave ground",
  "came under pressure",
  "sank",
  "retreated",
  "lurched lower",
  "shed",
];
const TOO_BIG = ["crashed", "collapsed", "plunged", "plummeted", "tumbled", "nosedived", "went into freefall", "cratered"];
const TOO_SMALL = ["inched up", "edged up", "ticked higher", "nudged higher", "crept up", "firmed"];

// Periods outside the brief's windows, or the wrong one of them.
const PERIODS = [
  "over the fortnight",
  "since Monday",
  "over the weekend",
  "month to date",
  "across recent sessions",
  "since the start of the month",
  "in recent weeks",
  "over the past quarter",
  "since last Friday",
  "year to date",
  "this morning",
  "in early trading",
  "at the open",
  "over the last few hours",
  "in the past month",
];

const EVENTS = [
  "joined a major exchange's rewards scheme",
  "was picked for a payments pilot",
  "teamed up with a wallet provider",
  "was added to a corporate balance sheet",
  "secured backing from a venture fund",
  "won a spot on a trading platform",
  "rolled out a new staking feature",
  "got a nod from a large bank",
  "signed a deal with a payments firm",
  "landed on a popular trading app",
  "became available on a new platform",
  "enjoyed support from a major custodian",
  "was chosen by a government agency",
  "unveiled a grants initiative",
];

const ADVICE = [
  "{a} looks set to extend its run.",
  "Readers may want to keep {a} on their radar.",
  "{a} could be worth a closer look.",
  "Momentum points to more upside ahead for {a}.",
  "It might be wise to wait for a pullback in {a}.",
  "Expect volatility to stay elevated for {a}.",
  "{a} is one to watch.",
  "{a} has room to run.",
  "{a} appears primed for a rebound.",
  "The path of least resistance for {a} is higher.",
  "Now may be a good moment to add {a}.",
  "Holders of {a} should stay patient.",
  "{a} remains a solid long-term bet.",
  "Traders are eyeing a breakout in {a}.",
  "Keep {a} on your shortlist.",
  "{a} deserves a place in a diversified portfolio.",
  "Further gains for {a} seem likely.",
  "{a} is poised to reclaim lost ground.",
];

const SUPERLATIVES = [
  "largest",
  "biggest",
  "most valuable",
  "leading",
  "top-ranked",
  "dominant",
  "heaviest",
  "premier",
  "foremost",
  "number one",
];

export const HOSTILE_FAMILIES: readonly Family[] = [
  {
    kind: 1,
    name: "up-synonyms on a fall",
    target: "article",
    drafts: cross(["Bitcoin {a} {{bitcoin.change_24h}} over the past 24 hours."], UP),
  },
  {
    kind: 1,
    name: "down-synonyms on a rise",
    target: "article",
    drafts: cross(["Ethereum {a} {{ethereum.change_24h}} on the day."], DOWN),
  },
  { kind: 1, name: "verbs too big for the move", target: "article", drafts: cross(["Bitcoin {a} {{bitcoin.change_24h}} today."], TOO_BIG) },
  { kind: 1, name: "verbs too small for the move", target: "article", drafts: cross(["Zcash {a} {{zcash.change_24h}} today."], TOO_SMALL) },
  {
    kind: 1,
    name: "uncited direction against the sign",
    target: "article",
    drafts: cross(["Bitcoin {a} today.", "Over 24 hours, Bitcoin {a}."], UP),
  },
  {
    kind: 1,
    name: "up-synonyms on a fall",
    target: "answer",
    drafts: cross(["Bitcoin {a} {{bitcoin.change_24h}} in the last 24 hours."], UP),
  },
  {
    kind: 1,
    name: "down-synonyms on a weekly rise",
    target: "answer",
    drafts: cross(["Over the past week, Bitcoin {a} {{bitcoin.change_7d}}."], DOWN),
  },
  {
    kind: 2,
    name: "other periods for a 24-hour change",
    target: "article",
    drafts: cross(["Ethereum rose {{ethereum.change_24h}} {a}."], PERIODS),
  },
  {
    kind: 2,
    name: "other periods for a 7-day change",
    target: "article",
    drafts: cross(["Zcash climbed {{zcash.change_7d}} {a}."], [...PERIODS, "overnight", "in the last session"]),
  },
  {
    kind: 2,
    name: "other periods for a 24-hour change",
    target: "answer",
    drafts: cross(["Bitcoin slipped {{bitcoin.change_24h}} {a}."], PERIODS),
  },
  {
    kind: 3,
    name: "wrong statistic or group",
    target: "article",
    drafts: [
      ...cross(
        ["The {a} move among {b} was {{market.median_change_24h}}."],
        ["average", "mean"],
        ["the {{scope.top100}} coins", "large caps"],
      ),
      "Across the whole market, {{market.gainers}} coins rose.",
      "Large caps were worth a combined {{market.cap}}.",
      "Combined trading volume in the {{scope.top100}} reached {{market.volume_24h}}.",
      "Market-wide, the typical move was {{zcash.change_24h}}.",
      "The average sentiment across the market was {{zcash.sentiment}}.",
      "On average, coins in the {{scope.top100}} gained ground today.",
      "The median coin across the market fell today.",
      "The market as a whole climbed {{ethereum.change_24h}} today.",
      "In aggregate, the coins tracked slipped today.",
    ],
  },
  {
    kind: 3,
    name: "wrong statistic or group",
    target: "answer",
    drafts: [
      ...cross(
        ["The {a} move among {b} was {{market.median_change_24h}}."],
        ["average", "mean"],
        ["the {{scope.top100}} coins", "large caps"],
      ),
      "Across the market, the typical move was {{bitcoin.change_24h}}.",
      "The median coin in the {{scope.top100}} was at {{bitcoin.change_24h}}.",
      "On average, large coins rose today.",
      "The market's average move today was {{bitcoin.usual_daily_move}}.",
    ],
  },
  {
    kind: 4,
    name: "superlatives for coins that are not first",
    target: "article",
    drafts: [
      ...cross(["{a} is the {b} cryptocurrency by market value."], ["Ethereum", "Zcash"], SUPERLATIVES),
      "Bitcoin was the day's best performer.",
      "Ethereum led the day's gainers.",
      "Zcash topped the leaderboard today.",
      "Ethereum drew the most conversation today.",
      "Bitcoin posted the biggest gain in the {{scope.top100}}.",
    ],
  },
  {
    kind: 4,
    name: "superlatives with no list behind them",
    target: "answer",
    drafts: [
      "Bitcoin was the day's best performer.",
      "Bitcoin led the {{scope.top100}} today.",
      "Bitcoin posted the biggest gain in the {{scope.top100}}.",
      "Bitcoin is the most discussed coin today.",
      "Bitcoin had the strongest social momentum of any coin.",
      "Bitcoin recorded the weakest sentiment of the top coins.",
    ],
  },
  {
    kind: 5,
    name: "events in soft words",
    target: "article",
    drafts: cross(["Zcash {a} today.", "Ethereum rose {{ethereum.change_24h}} after it {a}."], EVENTS),
  },
  { kind: 5, name: "events in soft words", target: "answer", drafts: cross(["Bitcoin {a} this week."], EVENTS) },
  { kind: 6, name: "soft advice and prediction", target: "article", drafts: cross(ADVICE, ["Zcash", "Ethereum"]) },
  { kind: 6, name: "soft advice and prediction", target: "answer", drafts: cross(ADVICE, ["Bitcoin"]) },
  {
    kind: 7,
    name: "comparisons the figures contradict or do not hold",
    target: "article",
    drafts: [
      "Bitcoin outperformed Ethereum today.",
      "Bitcoin beat the market over 24 hours.",
      "Zcash lagged Bitcoin today.",
      "Ethereum trailed the typical large coin today.",
      "Bitcoin's move was twice its usual move.",
      "Bitcoin's drop was unusually violent.",
      "Ethereum's rise was steeper than Zcash's.",
      "Ethereum was weaker than Bitcoin on the day.",
      "Bitcoin held up better than Ethereum.",
      "Zcash's gain dwarfed the rest of the market.",
      "Bitcoin fared worse than usual today.",
      "Ethereum moved in step with Bitcoin today.",
      "Zcash and Bitcoin moved in tandem today.",
      "Bitcoin's decline was larger than normal.",
    ],
  },
  {
    kind: 7,
    name: "comparisons the figures contradict or do not hold",
    target: "answer",
    drafts: [
      "Bitcoin outperformed the typical large coin today.",
      "Bitcoin's move was unusually large today.",
      "Today's move was twice Bitcoin's usual move.",
      "Bitcoin beat the {{scope.top100}} median today.",
      "Bitcoin moved less than usual today.",
      "Bitcoin did better than the market over 24 hours.",
      "Bitcoin's swing was outsized compared with its history.",
      "Bitcoin is outpacing its peers this week.",
    ],
  },
  {
    kind: 8,
    name: "polarity against the figure",
    target: "article",
    drafts: [
      "Sentiment around Zcash turned bearish at {{zcash.sentiment}}.",
      "Zcash's Galaxy Score weakened to {{zcash.galaxy_score}}.",
      "The mood around Zcash soured, with {{zcash.sentiment}} of posts positive.",
      "Bitcoin looked upbeat today.",
      "Ethereum's tone darkened over 24 hours.",
      "Zcash's AltRank deteriorated to {{zcash.altrank}}.",
      "Traders grew gloomy about Ethereum today.",
      "Zcash's social picture looks negative, with a Galaxy Score of {{zcash.galaxy_score}}.",
      "Ethereum had a disappointing day.",
      "Zcash's momentum faded today.",
    ],
  },
  {
    kind: 8,
    name: "polarity against the figure",
    target: "answer",
    drafts: [
      "Sentiment around Bitcoin is bullish at {{bitcoin.sentiment}}.",
      "Bitcoin's Galaxy Score improved to {{bitcoin.galaxy_score}}.",
      "The mood around Bitcoin brightened today.",
      "Bitcoin's social picture strengthened, with a Galaxy Score of {{bitcoin.galaxy_score}}.",
      "Social chatter about Bitcoin turned optimistic.",
      "Bitcoin enjoyed a constructive session.",
      "The crowd is cheerful about Bitcoin, with {{bitcoin.sentiment}} of posts positive.",
    ],
  },
  {
    kind: 9,
    name: "one supply figure given as another",
    target: "answer",
    drafts: [
      "Bitcoin's maximum supply is {{bitcoin.circulating_supply}}.",
      "Bitcoin has {{bitcoin.max_supply}} coins in circulation.",
      "The total supply stands at {{bitcoin.circulating_share}}.",
      "Bitcoin's supply is capped at {{bitcoin.total_supply}}.",
      "- Circulating supply: {{bitcoin.max_supply}} BTC",
      "Bitcoin's hard cap is {{bitcoin.circulating_supply}}.",
      "Its circulating supply is {{bitcoin.circulating_share}} of the maximum supply, or {{bitcoin.total_supply}}.",
      "Bitcoin's market cap is {{bitcoin.max_supply}}.",
    ],
  },
  {
    kind: 9,
    name: "supply words on other figures",
    target: "article",
    drafts: [
      "Zcash's circulating supply is {{zcash.market_cap}}.",
      "Zcash's maximum supply stands at {{zcash.posts_24h}}.",
      "Zcash's total supply is {{zcash.volume_24h}}.",
    ],
  },
];
