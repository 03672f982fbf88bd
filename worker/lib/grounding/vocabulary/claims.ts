import type { Entry, Strength } from "./entry.ts";

/**
 * The claim words: each says which way, how much, compared with what, first of which list, about
 * which group or over which period, and the check binds it to a fact that must agree. Verbs are
 * written as base specs (entry.ts adds their forms); phrases are matched before their words.
 */

const dir = (d: 1 | -1, strength: Strength): Entry => ({ cls: "direction", dir: d, strength });
/** A direction noun ("gains", "a decline"): it speaks of a coin or a cited figure, never of a group on its own. */
const noun = (d: 1 | -1, strength: Strength): Entry => ({ cls: "direction", dir: d, strength, noun: true });

/** Direction verbs (forms added) and nouns/phrases (as written), by direction and how big a move they claim. */
export const DIRECTION_VERBS: readonly [string, Entry][] = [
  // Up.
  ...(["rise/rises/rose/rising/risen", "gain", "climb", "advance", "increase", "rebound", "recover", "appreciate"].map((v) => [
    v,
    dir(1, "plain"),
  ]) as [string, Entry][]),
  ...(["grow/grows/grew/growing/grown", "rally/rallies/rallied/rallying", "bounce", "jump", "improve", "strengthen", "add"].map((v) => [
    v,
    dir(1, "plain"),
  ]) as [string, Entry][]),
  ...(["firm", "uptick"].map((v) => [v, dir(1, "mild")]) as [string, Entry][]),
  ...(["surge", "soar", "spike", "rocket", "leap/leaps/leapt/leaped/leaping", "zoom", "boom", "balloon"].map((v) => [
    v,
    dir(1, "strong"),
  ]) as [string, Entry][]),
  ...(["skyrocket", "explode"].map((v) => [v, dir(1, "extreme")]) as [string, Entry][]),
  // Down.
  ...(["fall/falls/fell/falling/fallen", "decline", "drop+", "lose/loses/lost/losing", "decrease", "retreat", "shed/sheds/shedding"].map(
    (v) => [v, dir(-1, "plain")],
  ) as [string, Entry][]),
  ...([
    "slide/slides/slid/sliding",
    "sink/sinks/sank/sunk/sinking",
    "depreciate",
    "shrink/shrinks/shrank/shrunk/shrinking",
    "weaken",
    "worsen",
    "deteriorate",
    "fade",
    "correct",
  ].map((v) => [v, dir(-1, "plain")]) as [string, Entry][]),
  ...(["slip+", "dip+", "ease", "soften", "pare", "cool"].map((v) => [v, dir(-1, "mild")]) as [string, Entry][]),
  ...(["plunge", "tumble", "slump", "plummet", "dive", "sell off/sells off/sold off/selling off"].map((v) => [v, dir(-1, "strong")]) as [
    string,
    Entry,
  ][]),
  ...(["crash", "collapse"].map((v) => [v, dir(-1, "extreme")]) as [string, Entry][]),
];

export const DIRECTION_WORDS: readonly [string, Entry][] = [
  ...["up", "higher", "upward", "upwards", "in the green", "gained ground", "gains ground", "gaining ground"].map(
    (w) => [w, dir(1, "plain")] as [string, Entry],
  ),
  ...[
    "upside",
    "upswing",
    "recovery",
    "improvement",
    "improvements",
    "gain",
    "gains",
    "advance",
    "advances",
    "rally",
    "rallies",
    "rise",
    "rises",
    "increase",
    "increases",
    "rebound",
    "growth",
    "uptick",
  ].map((w) => [w, noun(1, w === "uptick" ? "mild" : "plain")] as [string, Entry]),
  ...[
    "edged up",
    "edged higher",
    "edges up",
    "edges higher",
    "edging up",
    "edging higher",
    "ticked up",
    "ticks up",
    "ticked higher",
    "inched up",
    "inched higher",
    "crept up",
    "crept higher",
    "nudged up",
    "nudged higher",
    "moved up",
    "moves up",
    "moved higher",
    "moves higher",
    "went up",
    "goes up",
    "gone up",
    "pushed higher",
  ].map(
    (w) =>
      [
        w,
        dir(
          1,
          w.includes("moved") ||
            w.includes("moves") ||
            w.includes("went") ||
            w.includes("goes") ||
            w.includes("gone") ||
            w.includes("pushed")
            ? "plain"
            : "mild",
        ),
      ] as [string, Entry],
  ),
  ...["surge", "surges", "spike", "spikes", "jump", "jumps", "leap", "leaps"].map((w) => [w, noun(1, "strong")] as [string, Entry]),
  ...["down", "lower", "downward", "downwards", "in the red", "lost ground", "loses ground", "losing ground"].map(
    (w) => [w, dir(-1, "plain")] as [string, Entry],
  ),
  ...[
    "downside",
    "downturn",
    "downswing",
    "loss",
    "losses",
    "decline",
    "declines",
    "drop",
    "drops",
    "fall",
    "falls",
    "decrease",
    "decreases",
    "pullback",
    "pull-back",
    "correction",
    "setback",
    "retreat",
    "retreats",
    "weakness",
  ].map((w) => [w, noun(-1, "plain")] as [string, Entry]),
  ...[
    "edged down",
    "edged lower",
    "edges down",
    "edges lower",
    "edging lower",
    "ticked down",
    "ticks down",
    "ticked lower",
    "inched down",
    "inched lower",
    "drifted lower",
    "drifts lower",
    "drifted down",
    "dip",
    "dips",
    "slip",
    "slips",
  ].map((w) => [w, dir(-1, "mild")] as [string, Entry]),
  ...[
    "moved down",
    "moves down",
    "moved lower",
    "moves lower",
    "went down",
    "goes down",
    "gone down",
    "pulled back",
    "pulls back",
    "pulling back",
    "gave back",
    "gives back",
    "given back",
    "gave up",
    "gives up",
    "given up",
    "headed lower",
    "turned lower",
  ].map((w) => [w, dir(-1, "plain")] as [string, Entry]),
  ...["sell-off", "selloff", "sell-offs", "plunge", "plunges", "slump", "slumps", "tumble", "dive", "dives", "rout"].map(
    (w) => [w, noun(-1, "strong")] as [string, Entry],
  ),
  ...["crash", "crashes", "collapse", "collapses", "meltdown", "freefall", "free fall"].map(
    (w) => [w, noun(-1, "extreme")] as [string, Entry],
  ),
];

/** Within the flat band: a move this wording may describe is small enough to call no move. */
export const FLAT = `
little changed, barely changed, barely moved, moved little, hardly moved, hardly changed, unchanged, flat, steady, held steady,
holding steady, sideways, range-bound, little moved, broadly flat, largely flat, largely unchanged, broadly unchanged
`;

/** Period phrases: which window a change is over. */
export const PERIODS: Record<"1h" | "24h" | "7d" | "30d" | "1y" | "other", string> = {
  "1h": `1-hour, 1 hour, 1h, one hour, one-hour, hourly, past hour, last hour, the hour, in the hour, the past hour, the last hour`,
  "24h": `24-hour, 24 hours, 24 hour, 24h, 24-hour period, twenty-four hours, the day, a day, one day, past day, last day, today,
    today's, daily, overnight, intraday, session, session's, day's, on the day, over the day, the past day, the last day,
    a day earlier, the day before, the previous day, one-day, single day, a single day, one session`,
  "7d": `7-day, 7 days, 7 day, 7d, seven days, seven-day, week, weekly, week's, this week, past week, last week, on the week,
    the past week, the last week, over the week, a week, one week`,
  "30d": `30-day, 30 days, 30 day, month, this month, past month, last month, the past month, the last month, over the month,
    a month, one month, one-month`,
  "1y": `1-year, 1 year, year, this year, past year, last year, the past year, the last year, over the year, a year, one year,
    one-year`,
  other: `weeks, sessions, recent sessions, the open, at the open, the close, at the close, months, monthly, years, yearly, annual, annually, quarter, quarterly, year-to-date, ytd, yesterday, weekend,
    fortnight, morning, afternoon, evening, tonight, overnight session, so far, to date, long term,
    long-term, short term, short-term, longer stretch, the longer run, decade, lifetime, all time, all-time`,
};

/** Metric words: what a figure measures. Longest first where one contains another. */
export const METRICS: Record<string, string> = {
  galaxyScore: `galaxy score, galaxy scores`,
  altRank: `altrank, altranks`,
  socialVolume: `social volume, social posts, posts, post count, post counts, mentions, social mentions, post, mention`,
  interactions: `interactions, engagements, engagement, interaction, social interactions`,
  marketCap: `market cap, market caps, market-cap, market capitalisation, market capitalization, market value, valued at, valuation, worth, market values`,
  price: `trades at, trading at, traded at, trades near, trading near, traded near, sits at, sat at, changes hands at, changed hands at, price, prices, priced, price action, quoted at`,
  volume: `trading volume, trading volumes, volume, volumes, changing hands, changed hands, turnover, traded`,
  sentiment: `sentiment, sentiment reading, share of positive posts, positive posts, positive sentiment, sentiment score, mood,
    social mood, tone`,
  dominance: `dominance, share, social dominance, market share`,
  rank: `ranked, rank, ranks, ranking, position, places, placed, place, ranked by, market-cap rank`,
  count: `coins, cryptocurrencies, tokens, assets, coin count`,
  change: `points, score, change, move, moves, volatility, realised volatility, realized volatility, daily volatility, swing, swings, daily move, usual daily move, typical daily move`,
  circulatingSupply: `circulating supply, in circulation, circulating, coins in circulation`,
  totalSupply: `total supply, supply in total`,
  maxSupply: `maximum supply, max supply, supply cap, capped at, hard cap, maximum, max`,
  supply: `supply`,
};

/** Evaluations of a level or a change: they must match the sign or band of the figure they describe. */
export const POLARITY: Record<"1" | "-1" | "0", string> = {
  "1": `bullish, upbeat, optimistic, constructive, favourable, favorable, buoyant, healthy, firmer, encouraging, brighter, positive,
    positively, greed, greedy, euphoric, euphoria, confident, confidence-building, supportive, risk-on, cheerful`,
  "-1": `bearish, downbeat, pessimistic, gloomy, cautious, cautiously, softer, soft, weak, unfavourable, unfavorable, subdued,
    nervous, fearful, fear, negative, negatively, risk-off, uneasy, gloom, jittery, defensive`,
  "0": `mixed, neutral, balanced, split, evenly split, undecided, without a clear direction, no clear direction, two-sided`,
};

export const MAGNITUDE: Record<"small" | "large" | "extreme", string> = {
  small: `slight, slightly, modest, modestly, marginal, marginally, small, mild, mildly, minor, little, fractional, fractionally, tiny,
    limited, narrow, gentle, gently, quiet, quietly, calm, muted, contained, shallow, drift, drifts, drifted, drifting`,
  large: `sharp, sharply, steep, steeply, strong, strongly, big, large, heavy, heavily, significant, significantly, substantial,
    substantially, notable, considerable, considerably, marked, markedly, solid, hefty, pronounced, brisk, powerful, wide, widely,
    impressive, robust, standout, eye-catching, noticeably, noticeable, meaningful, meaningfully, serious, deep, outsized`,
  extreme: `dramatic, dramatically, massive, massively, huge, hugely, enormous, violent, violently, wild, wildly, extreme, extremely,
    explosive, spectacular, stunning, historic, unprecedented, exceptional, exceptionally, extraordinary, parabolic, staggering, brutal`,
};

/** Comparisons: one thing more or less than another, the same or the other way. */
export const COMPARISON: Record<"more" | "less" | "same" | "opposite" | "marker", string> = {
  more: `outperform, outpace, outstrip, beat/beats/beat/beating/beaten, exceed, surpass, overtake/overtakes/overtook/overtaking/overtaken,
    ahead, above, better, stronger, bigger, larger, greater, more, faster, higher than, more than, ahead of, better than, stronger than,
    outperformance, edge out, edged out`,
  less: `underperform, lag+, trail, behind, below, worse, weaker, smaller, less, fewer, slower, lower than, less than, worse than,
    weaker than, fell short, falls short, underperformance, laggard`,
  same: `in step, in line, in tandem, alongside, mirror, moved with, moves with, same direction, same way, tracked, followed, like,
    in the same direction, the same way, together with, in sync, similarly`,
  opposite: `diverge, divergence, divergences, opposite, opposite direction, other way, own way, its own way, did not follow,
    unlike, contrary, counter, bucked, buck, against the grain, the other way`,
  marker: `than, compared, compared with, compared to, versus, vs, relative to, against, in comparison, in comparison with,
    comparison, relative, relatively, comparatively, outperformer, underperformer`,
};

/** The coin's own usual move. */
export const USUAL: Record<"farAbove" | "above" | "below" | "marker", string> = {
  marker: `usual, typical, normal, ordinary, usual day, a usual day, on a usual day, on a typical day, its usual`,
  farAbove: `unusually, unusual, abnormally, abnormal, atypical, atypically, uncommonly, out of the ordinary, unusually large, outlier`,
  above: `larger than usual, bigger than usual, more than usual, above its usual, above usual, wider than usual, above-average,
    above average, larger move than usual, a larger move than usual`,
  below: `within its usual range, smaller than usual, below its usual, below usual, less than usual, quieter than usual, usual range,
    below average, below-average, within its usual, inside its usual range`,
};

/** First or last of a list. Singular superlatives need position 1; "among the…" a place in the list. */
export const SUPERLATIVE: Record<"top" | "bottom", string> = {
  top: `largest, biggest, top, leading, leader, leaders, lead, leads, led, first, best, strongest, highest, most, greatest, number one,
    front-runner, frontrunner, pace-setter, topped, tops, topping, headed, heads, biggest-ever, the best, foremost`,
  bottom: `worst, weakest, lowest, least, smallest, bottom, trailing the pack`,
};

/** Words that name a list of the day themselves. */
export const MEMBERS: readonly [string, Entry][] = [
  ...[
    "gainer",
    "gainers",
    "top gainer",
    "top gainers",
    "biggest gainer",
    "biggest gainers",
    "best performer",
    "best performers",
    "winner",
    "winners",
  ].map((w) => [w, { cls: "member", ranking: "gainers", dir: 1 }] as [string, Entry]),
  ...[
    "loser",
    "losers",
    "top loser",
    "top losers",
    "biggest loser",
    "biggest losers",
    "worst performer",
    "worst performers",
    "laggards",
  ].map((w) => [w, { cls: "member", ranking: "losers", dir: -1 }] as [string, Entry]),
];

export const STATS: Record<"mean" | "median" | "sum" | "count", string> = {
  mean: `average, averaged, averages, averaging, on average, mean change, the mean`,
  median: `median, typical coin, the typical coin, typical large coin, the middle coin, typical move, the typical move`,
  sum: `combined, total, totalled, totaled, totals, aggregate, altogether, in total, all together, cumulative`,
  count: `number of, count of, tally of`,
};

export const GROUPS: Record<"market" | "tracked" | "top100" | "band", string> = {
  /** "The market" in passing: the whole market or its largest coins, but never a band. */
  market: `market, markets, crypto market, crypto markets, the market, cryptocurrency market, digital asset market, broader market,
    wider market, the wider market, overall market`,
  tracked: `tracked coins, coins tracked, the coins tracked, all coins, every coin, whole market, total market, market as a whole,
    the whole market, entire market, the entire market, market-wide, coins coinsight tracks, the coins coinsight tracks`,
  top100: `large caps, large-cap, large-caps, big caps`,
  band: `band, bands, bracket, size bracket, peers, peer, peer group, its peers, cohort, its band, the band, the band's`,
};

/** What the data cannot back, with the reason a held draft shows. */
export const HELD: Record<string, string> = {
  "a cause": `because, because of, due to, driven by, drove, drive, drives, driving, fuelled, fueled, fuel, fuels, fuelling, fueling,
    sparked, spark, sparks, triggered, trigger, triggers, boosted, boost, boosts, lifted, lift, lifts, weighed, weigh on, weighs,
    weighing, pressured, pressure, pressures, thanks to, on the back of, amid, amidst, as a result, resulted, result of, caused,
    causes, led to, leads to, helped, help, helps, hurt, hurts, dragged, drag, drags, prompted, prompt, spurred, spur, propelled,
    powered, supported, underpinned, buoyed, dented, on news, on hopes, on fears, on optimism, in response to, reaction, reacted,
    reacting, react, reacts, responded, respond, catalyst, catalysts, behind the move, attributed, attributable, blamed, credited`,
  "a prediction": `will, 'll, would, could, may, might, shall, should, must, can, going to, gonna, likely, unlikely, probably, possibly,
    possible, perhaps, maybe, expected, expect, expects, expecting, expectation, expectations, anticipate, anticipated, anticipates,
    poised, set to, about to, bound to, on track, soon, shortly, next, upcoming, forthcoming, future, eventually, days ahead,
    weeks ahead, months ahead, the coming, coming days, coming weeks, outlook, forecast, forecasts, forecasting, predict, predicts,
    predicted, prediction, predictions, projected, projection, projections, target, targets, targeting, potential, potentially,
    prospect, prospects, promising, could see, odds, chance, chances, bet, bets, bound, destined, primed, ready to, headed for,
    heading for, on course, upside potential, breakout, break out, breakdown, retest, test, tests, testing, support, resistance`,
  "investment advice": `buy, buys, buying, sell, sells, selling, short, shorting, accumulate, accumulating, invest, investing,
    recommend, recommends, recommended, recommendation, advise, advises, advice, opportunity, opportunities, bargain, cheap,
    expensive, undervalued, overvalued, overbought, oversold, entry point, hodl, worth buying, time to, don't miss, avoid,
    steer clear, load up, stack, consider, keep an eye, watch, watching, monitor, monitoring, bullish case, bearish case`,
  "an event the data does not show": `listing, listings, listed on, listed by, delist, delisted, delisting, partnership, partnerships,
    partner, partners, partnered, programme, programmes, program, programs, integration, integrations, integrated, integrate,
    launch, launches, launched, launching, upgrade, upgrades, upgraded, fork, forks, airdrop, airdrops, unlock, unlocks, burn,
    burns, halving, mainnet, testnet, acquisition, acquired, acquire, merger, funding, backing, backed, grant, grants, deal,
    deals, agreement, alliance, collaboration, adoption, adopted, approval, approved, ruling, ban, banned, regulation, regulator,
    regulators, lawsuit, court, announcement, announced, announce, news, rumour, rumours, rumor, rumors, hack, hacked, exploit,
    breach, whale, whales, institutional, institutions, inflow, inflows, outflow, outflows, fed, macro, treasury, exchange,
    exchanges, event, events, development, developments, milestone, roadmap, release, released, record, records, new high,
    new highs, new low, new lows, for the first time, first time, all-time high, all-time low, analysts, analyst, experts, insiders, team, developers,
    founder, ceo, government, headlines, reports, reported that, report that`,
  "a vague quantity": `many, few, a few, several, numerous, multiple, various, majority, a majority, the majority, minority, plenty, lots,
    a lot, handful, a handful, bulk, dozens, scores of, countless, most of, second, third, fourth, fifth, sixth, seventh, eighth,
    ninth, tenth, twice, thrice, double, triple, half, quarter of, a third`,
};

/** Verbs that, first in a sentence, tell the reader what to do. */
export const IMPERATIVES = `
buy, sell, hold, consider, watch, keep, avoid, wait, act, take, grab, stack, load, accumulate, short, invest, look, check,
remember, stay, think, make, try, get, add, treat, follow, trust, ignore, expect, prepare, brace, position, don't, do, be, go
`;
