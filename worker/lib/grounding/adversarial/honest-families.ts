import type { Family } from "./families.ts";

/**
 * Honest families: the true sentences a careful writer makes of the same briefs, in many wordings.
 * At most 5% of them may be held; today none are. Bitcoin fell 2.31% on the day
 * (a small move) and rose 5.12% on the week; Ethereum rose 3.40%; Zcash rose 12.22%.
 */
const cross = (templates: readonly string[], a: readonly string[], b: readonly string[] = [""]) =>
  templates.flatMap((t) => a.flatMap((x) => b.map((y) => t.replaceAll("{a}", x).replaceAll("{b}", y))));

const DAY = ["over the past 24 hours", "on the day", "today", "over 24 hours", "in the last 24 hours"];
const WEEK = ["over the past week", "over 7 days", "this week", "on the week", "over the last 7 days"];

export const HONEST_FAMILIES: readonly Family[] = [
  {
    kind: 1,
    name: "small fall, in proportion",
    target: "article",
    drafts: cross(
      ["Bitcoin {a} {{bitcoin.change_24h}} {b}."],
      ["slipped", "eased", "dipped", "fell", "declined", "lost", "edged lower"],
      DAY,
    ),
  },
  {
    kind: 1,
    name: "medium rise",
    target: "article",
    drafts: cross(["Ethereum {a} {{ethereum.change_24h}} {b}."], ["rose", "climbed", "gained", "advanced", "added", "jumped"], DAY),
  },
  {
    kind: 1,
    name: "large rise",
    target: "article",
    drafts: cross(["Zcash {a} {{zcash.change_24h}} {b}."], ["soared", "surged", "rallied", "climbed", "rose", "jumped", "spiked"], DAY),
  },
  {
    kind: 2,
    name: "weekly moves with their period",
    target: "article",
    drafts: cross(["Bitcoin {a} {{bitcoin.change_7d}} {b}."], ["rose", "gained", "climbed", "advanced"], WEEK),
  },
  {
    kind: 3,
    name: "aggregates named right",
    target: "article",
    drafts: [
      "The median move in the {{scope.top100}} was {{market.median_change_24h}}.",
      "The typical coin in the {{scope.top100}} rose {{market.median_change_24h}} over 24 hours.",
      "The coins tracked were worth a combined {{market.cap}}.",
      "Combined trading volume came to {{market.volume_24h}} over 24 hours.",
      "Across the {{scope.top100}}, {{market.gainers}} coins rose and {{market.losers}} fell.",
    ],
  },
  {
    kind: 4,
    name: "superlatives backed by a rank",
    target: "article",
    drafts: [
      "Bitcoin remains the largest cryptocurrency, ranked {{bitcoin.rank}} by market cap.",
      "Bitcoin is the biggest coin by market value, ranked {{bitcoin.rank}}.",
      "Ethereum is among the largest coins, ranked {{ethereum.rank}}.",
      "Zcash drew the most conversation among the {{scope.tracked}} coins, with {{zcash.posts_24h}} posts over 24 hours.",
    ],
  },
  {
    kind: 7,
    name: "comparisons the figures bear out",
    target: "article",
    drafts: [
      "Ethereum outperformed Bitcoin today: it rose {{ethereum.change_24h}} and Bitcoin fell {{bitcoin.change_24h}}.",
      "Zcash beat the market over 24 hours, rising {{zcash.change_24h}}.",
      "Bitcoin lagged Ethereum on the day: Bitcoin fell {{bitcoin.change_24h}} and Ethereum rose {{ethereum.change_24h}}.",
      "Zcash rose more than Ethereum today: Zcash rose {{zcash.change_24h}} and Ethereum rose {{ethereum.change_24h}}.",
      "Ethereum went the other way from Bitcoin today: it rose {{ethereum.change_24h}}.",
      "Ethereum diverged from Bitcoin: it rose {{ethereum.change_24h}} today.",
    ],
  },
  {
    kind: 8,
    name: "polarity that fits",
    target: "article",
    drafts: [
      "Sentiment around Zcash is bullish, with {{zcash.sentiment}} of posts positive.",
      "Zcash's Galaxy Score improved from {{zcash.galaxy_score_prev}} to {{zcash.galaxy_score}}.",
      "The mood around Zcash is positive, with {{zcash.sentiment}} of posts positive.",
      "Zcash's AltRank improved to {{zcash.altrank}}.",
      "It was a constructive day for the crypto market: {{market.gainers}} of the {{scope.top100}} coins rose and {{market.losers}} fell.",
    ],
  },
  {
    kind: 1,
    name: "moves in an answer",
    target: "answer",
    drafts: cross(["Bitcoin {a} {{bitcoin.change_24h}} {b}."], ["slipped", "fell", "eased", "declined"], DAY),
  },
  {
    kind: 2,
    name: "weekly move in an answer",
    target: "answer",
    drafts: cross(
      ["{b}, Bitcoin {a} {{bitcoin.change_7d}}."],
      ["rose", "gained", "climbed"],
      ["Over the past week", "Over 7 days", "This week"],
    ),
  },
  {
    kind: 7,
    name: "answer comparisons and usual moves",
    target: "answer",
    drafts: [
      "Bitcoin did worse than the typical large coin today: the median move was {{market.median_change_24h}}.",
      "Across the {{scope.top100}}, the median move was {{market.median_change_24h}}, so Bitcoin lagged the market.",
      "On a usual day, Bitcoin's price moves by about {{bitcoin.usual_daily_move}}.",
      "Today's move is {{bitcoin.move_vs_usual}} times that: a larger move than usual.",
    ],
  },
  {
    kind: 8,
    name: "answer polarity that fits",
    target: "answer",
    drafts: [
      "{{bitcoin.sentiment}} of posts about Bitcoin are positive.",
      "The mood around Bitcoin leans negative, at {{bitcoin.sentiment}} positive posts.",
      "Bitcoin's Galaxy Score slipped from {{bitcoin.galaxy_score_prev}} to {{bitcoin.galaxy_score}}.",
      "Sentiment around Bitcoin is cautious, at {{bitcoin.sentiment}} positive posts.",
    ],
  },
  {
    kind: 9,
    name: "supply named right",
    target: "answer",
    drafts: [
      "- Circulating supply: {{bitcoin.circulating_supply}} BTC",
      "- Total supply: {{bitcoin.total_supply}} BTC",
      "- Maximum supply: {{bitcoin.max_supply}} BTC",
      "- In circulation: {{bitcoin.circulating_share}} of the maximum supply",
      "Bitcoin has {{bitcoin.circulating_supply}} coins in circulation, out of a maximum supply of {{bitcoin.max_supply}}.",
      "Bitcoin is the largest coin, ranked {{bitcoin.rank}} by market capitalisation.",
    ],
  },
  {
    kind: 6,
    name: "the labelled statistical range",
    target: "answer",
    drafts: [
      "If it kept moving the way it has, its price would stay inside this range about {{range.one_sigma_share}} of the time:",
      "- {{bitcoin.range_7d}}",
      "The range only restates how much the price has moved in the past.",
    ],
  },
];
