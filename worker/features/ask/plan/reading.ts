import type { PlanMetric, PlanPeriod } from "#schema/contracts/ask-plan.ts";
import { NUMBER_WORDS } from "./numbers.ts";
import { findPeriod } from "./periods.ts";

export type ScreenOrder = "highest" | "lowest" | "biggest_move";

/**
 * What the words of a question say, apart from its coins (masked as "coinref"): each field is null
 * or false when the question does not say it, so a follow-up can keep the previous plan's.
 */
export type Reading = {
  period: PlanPeriod | null;
  /** A figure the question names: "market cap", "volume", "sentiment", "news"... */
  metric: PlanMetric | null;
  /** What kind of answer a question about one coin asks for. */
  topic: "news" | "sentiment" | "range" | "movement" | "about" | null;
  compare: boolean;
  watchlist: boolean;
  /** Asks for a ranking: "which", "most", "biggest gainers", "top 20". */
  ranked: boolean;
  order: ScreenOrder | null;
  universe: number | null;
  limit: number | null;
  /** "How's the market today?": the largest coins stand for it. */
  overview: boolean;
  /** Starts like a follow-up: "and ETH?", "what about...". */
  followUp: boolean;
  /** Points back at the previous answer's coins: "it", "them", "both". */
  pointsBack: boolean;
};

const WATCHLIST =
  /\bmy (?:best|worst|top|biggest)(?:[- ]performing)? (?:performers?|gainers?|losers?|coins?|movers?)\b|\bmy (?:own )?(?:coins?|watch ?list|list|portfolio|bags?|holdings|cryptos?|tokens|stack|picks|favou?rites|starred(?: coins)?|alts|positions)\b|\bwatch ?list\b|\b(?:coins?|ones|tokens) i (?:follow|watch|hold|own|track|starred|have)\b/;

const METRICS: readonly [PlanMetric, RegExp][] = [
  [
    "news",
    /\bnews\b|\bheadlines?\b|\barticles?\b|\bstor(?:y|ies)\b|\bcoverage\b|\bwhat happened\b|\bwhats (?:happening|going on|new|up)\b|\bupdates?\b|\blatest on\b/,
  ],
  ["ath", /\ball[- ]?time[- ]?(?:highs?|lows?)\b|\bath\b|\batl\b|\brecord (?:high|low)\b|\b(?:highest|lowest|high|low)(?: price)? ever\b/],
  [
    "social_volume",
    /\btalk(?:ing|ed)? about\b|\bmentions?\b|\bbuzz\b|\bchatter\b|\bposts?\b|\bsocial volume\b|\bdiscuss|\btrending\b|\bhyped?\b|\bmost talked\b/,
  ],
  [
    "sentiment",
    /\bsentiment\b|\bmood\b|\bbullish\b|\bbearish\b|\bvibes?\b|\bfeel(?:ing|s)? about\b|\bthink (?:of|about)\b|\bopinion\b|\bsaying\b|\bcrowd\b|\bcommunity\b|\bsocials?\b|\bfud\b/,
  ],
  [
    "market_cap",
    /\bmarket ?caps?\b|\bmcap\b|\bvaluation\b|\b(?:largest|biggest|smallest) (?:coins?|cryptos?|tokens?|projects?)\b|\bwhich is (?:bigger|larger|smaller)\b|\bby size\b/,
  ],
  ["volume", /\bvolumes?\b|\btraded\b|\btrading activity\b|\bmost active\b|\bliquidity\b/],
  ["supply", /\bsupply\b|\bcirculating\b|\bcirculation\b|\bhow many (?:coins|tokens) (?:are|exist)\b/],
  ["change", /\bchanges?\b|\bperformance\b|\breturns?\b|%|\bpercent/],
  [
    "price",
    /\bprices?\b|\bclos(?:e|ed|ing) (?:at|price)\b|\bworth\b|\bcosts?\b|\bhow much is\b|\btrading at\b|\bcheapest\b|\bexpensive\b|\bpriciest\b/,
  ],
];

const RANGE =
  /\brange\b|\bhighs? and (?:the )?lows?\b|\bhighest\b|\blowest\b|\bhow (?:high|low) did\b|\bvolatil|\bswings?\b|\bpeak(?:ed)?\b|\bbottom(?:ed)?\b|\bintraday\b/;
const MOVEMENT =
  /\bup\b|\bdown\b|\bdoing\b|\blooking\b|\bhows\b|\bhow (?:did|has|have|is|was|are|were)\b|\bmov(?:e|ed|es|ing)\b|\bchang|\bgain|\blos[est]|\bdrop|\bfell\b|\bfall|\bpump|\bdump|\bcrash|\brall|\bsurg|\bjump|\bsoar|\bclimb|\btank|\bplung|\bslid|\bsank|\bbleed|\bbled\b|\brecover|\bbounc|\bgreen\b|\bred\b|\bperform|\btrend|\bwhy\b|\bgo(?:ne)? (?:up|down)\b/;
const ABOUT =
  /\bwhat is\b|\bwhats\b|\bwho (?:made|created|founded|is behind|runs)\b|\btell me about\b|\bexplain\b|\binfo\b|\boverview\b|\bwhat does\b|\buse case|\brank(?:ed|ing)?\b|\bprofile\b/;
const COMPARE =
  /\bvs\.?(?!\S)|\bversus\b|\bcompar|\bagainst\b|\bbetter than\b|\bworse than\b|\boutperform|\bunderperform|\bstacks? up\b|\bdifference between\b|\bwith coinref\b|\bor coinref\b/;

const RANKED =
  /\bwhich\b|\bbest\b|\bworst\b|\bmost\b|\bleast\b|\bbiggest\b|\btop\b|\bgainers?\b|\blosers?\b|\bmovers?\b|\bwinners?\b|\bperformers?\b|\brank(?:ing)?\b|\bstrongest\b|\bweakest\b|\bhighest\b|\blowest\b|\blargest\b|\bsmallest\b|\bcheapest\b|\bpriciest\b/;
const MOVES = /\bmovers?\b|\bmoved (?:the )?most\b|\bbiggest mov(?:es|ers?)\b|\bmost volatile\b|\bswings?\b/;
const LOSING =
  /\blosers?\b|\bfell\b|\bfall(?:en|ing)?\b|\bdrop(?:ped|ping|s)?\b|\bdown\b|\bdump(?:ed|ing)?\b|\bworst\b|\bunderperform|\bbled\b|\bbleed|\bred\b|\bcrash(?:ed|ing)?\b|\btank(?:ed|ing)?\b|\bsank\b|\bslid\b|\bdeclin|\bplung|\bweakest\b|\blost\b|\blos(?:e|ing)\b/;
const LOW = /\bleast\b|\blowest\b|\bsmallest\b|\bcheapest\b|\bbearish\b|\bnegative\b|\bworst\b/;
const OVERVIEW =
  /\b(?:the )?(?:crypto |coin )?market\b(?! ?caps?)|\bhow (?:is|are|was|did|has) (?:crypto|everything|things)\b|\bcrypto (?:today|this|overall)\b/;
const FOLLOW_UP =
  /^(?:and|also|plus|what about|how about|what of|same (?:for|with|but)|now|ok(?:ay)?|then|but|compared? (?:to|with)|vs\.?|versus|only|just)\b/;
const POINTS_BACK = /\b(?:it|its|them|they|those|these|both|that one|that coin|the same|which one|the two|either)\b/;

// Longest words first, so "fourteen" is read whole and not as "four".
const NUMBER = `(\\d+|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|")})`;
const number = (s: string | undefined) => (s ? Number(s) || (NUMBER_WORDS[s] ?? 0) : 0);

/** "top 5 gainers" and "top 5 coins by volume" count rows; "top 100 coins" and "the top 20" name a universe. */
const TOP = new RegExp(
  `\\btop[- ]?${NUMBER}\\b(\\s+(?:biggest |best |worst )?(?:gainers?|losers?|movers?|performers?|winners?)|\\s+(?:coins?|cryptos?|tokens?) by (?!market ?cap))?`,
  "g",
);
const ROWS = new RegExp(
  `\\b${NUMBER} (?:biggest|best|worst|largest|most|least|highest|lowest|coins|cryptos|tokens|gainers|losers|movers|performers|winners)\\b`,
);
const SINGLE =
  /\b(?:which|what) (?:coin|crypto|token|one|altcoin)\b(?!s)|\b(?:biggest|top|best|worst|largest) (?:gainer|loser|mover|performer|winner|coin)\b(?!s)/;

function screenOrder(text: string): ScreenOrder | null {
  if (MOVES.test(text)) return "biggest_move";
  const losing = LOSING.exec(text);
  const gaining =
    /\bgainers?\b|\bgain(?:ed|ing|s)?\b|\brose\b|\bris(?:en|ing|e)\b|\bup\b|\bpump(?:ed|ing)?\b|\bbest\b|\boutperform|\bwinners?\b|\bgreen\b|\brall(?:y|ied)\b|\bclimb|\bsurg|\bjump|\bsoar|\bmoon(?:ed|ing)\b|\bstrongest\b|\bperform/.exec(
      text,
    );
  if (losing && (!gaining || losing.index < gaining.index)) return "lowest";
  return gaining ? "highest" : null;
}

/** Reads a question whose coins were masked, lower-cased and without apostrophes. */
export function readQuestion(text: string): Reading {
  const metric = METRICS.find(([, re]) => re.test(text))?.[0] ?? null;
  let topic: Reading["topic"] = null;
  if (metric === "news") topic = "news";
  else if (metric === "sentiment" || metric === "social_volume") topic = "sentiment";
  else if (metric === "ath" || RANGE.test(text)) topic = "range";
  else if (MOVEMENT.test(text)) topic = "movement";
  else if (ABOUT.test(text)) topic = "about";
  let universe: number | null = null;
  let limit: number | null = null;
  for (const top of text.matchAll(TOP)) {
    if (top[2]) limit ??= number(top[1]);
    else universe ??= number(top[1]);
  }
  const rows = ROWS.exec(text.replace(TOP, ""));
  if (rows && limit == null) limit = number(rows[1]);
  if (limit == null && SINGLE.test(text)) limit = 1;
  // "Rank the top 100" asks for all of them.
  if (limit == null && universe && /\b(?:rank|list|all)\b/.test(text)) limit = universe;
  let order = screenOrder(text);
  if (metric && metric !== "change" && order !== "biggest_move") order = LOW.test(text) ? "lowest" : "highest";
  return {
    period: findPeriod(text),
    metric,
    topic,
    compare: COMPARE.test(text),
    watchlist: WATCHLIST.test(text),
    ranked: RANKED.test(text),
    order,
    universe: universe || null,
    limit: limit || null,
    overview: OVERVIEW.test(text),
    followUp: FOLLOW_UP.test(text.trim()),
    pointsBack: POINTS_BACK.test(text),
  };
}
