import type { AskPlanRefusal, RefusalReason } from "#schema/contracts/ask-plan.ts";

/**
 * Questions Coinsight cannot answer from its own figures, found before any plan is made: the
 * patterns run on the question with its coins masked ("Tether Gold" is a coin, "gold" is not), in
 * this order, so "should I buy TSLA?" is refused as advice, the member's first problem.
 */
const PATTERNS: readonly [RefusalReason, readonly RegExp[]][] = [
  [
    "advice",
    [
      /\b(?:should|shall) (?:i|we)\b|\bwould you (?:buy|sell|hold|invest|get|pick|choose)\b/,
      /\b(?:good|great|bad|smart|safe|wise|solid|right|better) (?:investment|buy|bet|time|moment|entry|pick|choice|idea|hold|to (?:buy|invest|hold))\b/,
      /\bworth (?:buying|it|investing|holding|getting|the risk)\b|\btime to (?:buy|sell|get in|get out|invest|exit)\b/,
      /\b(?:buy|sell|hold|hodl|short|long)(?:ing)?,? (?:or|vs\.?) (?:sell|hold|buy|hodl|wait|short|long)\b|\bbuy the dip\b/,
      /\b(?:which|what) (?:coins?|cryptos?|tokens?|altcoins?|alts) (?:should|to buy|to hold|to invest|would you|do you recommend)\b/,
      /\bbest (?:coins?|cryptos?|tokens?|altcoins?|alts) (?:to|for) (?:buy|invest|hold|long|the long|get|own|stack)\b|\bbest (?:investment|pick|picks)\b/,
      /\brecommend|\badvice\b|\ballocat|\brebalanc|\bdca\b|\bdollar[- ]cost|\bentry (?:point|price)\b|\btake profits?\b|\bstop[- ]loss\b/,
      /\bleverage|\bunder ?valued\b|\bover ?valued\b|\btoo late to\b|\bape (?:in|into)\b|\ball[- ]in\b|\bscam\b|\blegit\b|\brug ?pull/,
      /\b(?:is|are) (?:coinref|it|this|they|now) (?:still )?(?:a )?(?:buy|sell)\b|\bmake (?:me )?money\b|\bget rich\b/,
      /\bhow much (?:of my|should)\b|\b(?:put|invest|throw) (?:my|all my|our) (?:money|savings|cash)\b/,
    ],
  ],
  [
    "prediction",
    [
      /\bwill\b|\bwon'?t\b|\bwont\b|\bgonna\b|\bgoing to\b|\bheading (?:to|for|towards)\b|\bheaded\b/,
      /\bpredict|\bforecast|\bprojection|\boutlook\b|\bprice target|\btarget price|\bexpect|\bchances?\b|\blikely\b|\bodds\b|\blambo\b/,
      /\bnext (?:hour|day|week|month|year|few|cycle|bull|halving|run|pump|leg)\b|\btomorrow\b|\bin the (?:coming|next|future)\b|\bfuture\b/,
      /\beoy\b|\bby (?:20\d\d|next|the end)\b|\bend of (?:the )?year\b|\b20[3-9]\d\b|\bmoon\b/,
      /\b(?:can|could|might|may) (?:coinref|it|this|they|price|the price) (?:ever |still )?(?:reach|hit|get to|go|rise|drop|fall|double|recover|flip|pass|break)\b/,
      /\bhow (?:high|low|far) (?:can|could|might)\b|\bwhen (?:does|do|is|are|can)\b.{0,40}\b(?:hit|reach|recover|pump|flip)\b/,
    ],
  ],
  [
    "onchain",
    [
      /\bwallets?\b|\baddress(?:es)?\b|\bbalances?\b|\bgas\b|\bgwei\b|\bfees?\b|\btransactions?\b|\btxn?s?\b|\bhash ?rate\b|\bmempool\b/,
      /\bblock (?:height|time|reward|size)s?\b|\bwhales?\b|\btvl\b|\btotal value locked\b|\bstak(?:e|ed|ing)\b|\byields?\b|\bapy\b|\bon[- ]?chain\b/,
      /\bholders?\b|\binflows?\b|\boutflows?\b|\bexchange reserves?\b|\bliquidations?\b|\bfunding rates?\b|\bopen interest\b|\bminers?\b|\bmining\b/,
      /\bnodes?\b|\bvalidators?\b|\bsmart contracts?\b|\bcontract address\b|\bunlocks?\b|\bairdrops?\b|\bbridg(?:e|ed|ing)\b|\bfloor price\b/,
      /\bhow many (?:people|wallets|addresses|users|investors) (?:hold|own|have|use)\b/,
      /\bburn(?:s|ed|t|ing)?\b|\bfutures\b|\bdex volume\b|\bdeposits?\b|\bwithdrawals?\b/,
    ],
  ],
  [
    "other_asset",
    [
      /\bstocks?\b|\bshares?\b|\bequit(?:y|ies)\b|\bnasdaq\b|\bdow(?: jones)?\b|\bs ?& ?p\b|\bsp ?500\b|\bftse\b|\bdax\b|\bnikkei\b|\bindex funds?\b/,
      /\bgold\b|\bsilver\b|\boil\b|\bcrude\b|\bbrent\b|\bnatural gas\b|\bcommodit|\bforex\b|\bfx\b|(?<!crypto[- ]?)\bcurrenc(?:y|ies)\b/,
      /\b(?:eur|gbp|jpy|usd|chf|cad|aud)\s*\/\s*(?:usd|eur|jpy|gbp|chf)\b|\bdollar index\b|\bdxy\b|\byen\b|\beuro\b|\bpound\b/,
      /\bbonds?\b|\btreasur(?:y|ies)\b|\breal estate\b|\bhousing\b|\betfs?\b|\bmutual funds?\b|\binterest rates?\b/,
      /\btesla\b|\bapple\b|\bnvidia\b|\bmicrosoft\b|\bamazon\b|\bgoogle\b|\balphabet\b|\bmicrostrategy\b|\bgamestop\b|\bnetflix\b|\bpalantir\b/,
    ],
  ],
];

/** Stock and fund tickers as members write them, in capitals (a coin of the same letters was masked first). */
const TICKERS = /\b(?:TSLA|AAPL|NVDA|MSFT|AMZN|GOOGL?|MSTR|GME|AMC|SPY|QQQ|VOO|NFLX|AMD|INTC|PLTR|HOOD|BABA|COIN|META)\b/;

const MESSAGES: Record<RefusalReason, string> = {
  advice:
    "Coinsight doesn't give investment advice, so it can't say what to buy, sell or hold. It can show how a coin has moved, " +
    'compare coins over a period or rank the top 100, for example "How has Solana done this week?"',
  prediction:
    "Nobody can know where a price goes next, so Coinsight doesn't predict prices. It can tell you how a coin has moved and " +
    'how widely it has swung, for example "What was Bitcoin\'s range over the last 30 days?"',
  other_asset:
    "Coinsight covers the 500 largest cryptocurrencies only, not stocks, funds, commodities or currencies. Ask about a coin " +
    'instead, for example "How did Ethereum do this month?"',
  onchain:
    "Coinsight doesn't hold on-chain or trading-desk data such as wallets, fees, transactions, staking, whales or locked value. " +
    "It can answer about prices, volume, market cap, supply, social sentiment and its own news for the coins it tracks.",
  unknown:
    'Coinsight couldn\'t tell which coin or question you meant. Ask about a coin by name or ticker ("How is SOL doing today?"), ' +
    'compare two coins, rank the top 100 ("Which coins fell most this week?") or ask about your watchlist.',
};

export function refusal(reason: RefusalReason): AskPlanRefusal {
  return { kind: "refusal", reason, message: MESSAGES[reason] };
}

/**
 * The refusal a question calls for, or null. `lower` is the question in lower case with each coin
 * it names replaced by "coinref"; `cased` is the same with the member's own case, for tickers.
 */
export function refusalFor(lower: string, cased: string): AskPlanRefusal | null {
  for (const [reason, patterns] of PATTERNS) {
    if (patterns.some((re) => re.test(lower))) return refusal(reason);
  }
  return TICKERS.test(cased) ? refusal("other_asset") : null;
}
