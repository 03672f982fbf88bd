/** One honest draft: an article (checked against the suite brief) or an Ask answer (the Ask brief). */
export type HonestDraft = { id: string; target: "article" | "answer"; text: string };

/**
 * Whole drafts written at one go, each in its own voice, as a model would write them from the brief
 * (brief.ts) without the frames or the rotation pool (index.ts): longer sentences, asides, figures
 * folded into clauses, the cautions a newsroom adds. Every claim is true of the brief and every figure
 * is cited by id. They are held or kept by the same readings as the rotated drafts.
 */
export const FREE_DRAFTS: readonly HonestDraft[] = [
  {
    id: "free-article-1",
    target: "article",
    text: `Zcash Takes the Spotlight with a {{zcash.change_24h}} Jump

Zcash jumped {{zcash.change_24h}} to {{zcash.price}} on a day when Bitcoin drifted {{bitcoin.change_24h}} lower.

Zcash added {{zcash.change_24h}} in 24 hours and {{zcash.change_7d}} across the week, which lifts its market value to {{zcash.market_cap}}. Bitcoin, by contrast, eased to {{bitcoin.price}}, although its week still shows a gain of {{bitcoin.change_7d}}.

Ethereum put in a steadier day, rising {{ethereum.change_24h}} to {{ethereum.price}}. Most large coins moved up with it: {{market.gainers}} of the {{scope.top100}} closed higher and {{market.losers}} closed lower.`,
  },
  {
    id: "free-article-2",
    target: "article",
    text: `Bitcoin Dips While the Wider Market Edges Up

Bitcoin lost {{bitcoin.change_24h}} over the day, yet the median coin in the {{scope.top100}} still gained {{market.median_change_24h}}.

Bitcoin now trades at {{bitcoin.price}}. The drop trims, but does not erase, a {{bitcoin.change_7d}} rise over the past seven days, and the coin's market cap stands at {{bitcoin.market_cap}}. Its share of the whole market is {{market.btc_dominance}}.

Ethereum went the other way, adding {{ethereum.change_24h}}. Over the week, however, Ether is still down {{ethereum.change_7d}}. The data does not say what drove either move.`,
  },
  {
    id: "free-article-3",
    target: "article",
    text: `Zcash Climbs {{zcash.change_24h}} as Social Interest Builds

Zcash climbed {{zcash.change_24h}} to {{zcash.price}}, and its Galaxy Score rose from {{zcash.galaxy_score_prev}} to {{zcash.galaxy_score}}.

The social figures moved with the price. Zcash's AltRank improved from {{zcash.altrank_prev}} to {{zcash.altrank}}, and {{zcash.sentiment}} of the posts about it were positive. Over 24 hours it drew {{zcash.posts_24h}} posts and {{zcash.interactions_24h}} interactions, which gave it {{zcash.social_dominance}} of all social volume.

Zcash is ranked {{zcash.rank}} by market cap, with {{zcash.volume_24h}} traded in a day. Social attention can fade as quickly as it arrives.`,
  },
  {
    id: "free-article-4",
    target: "article",
    text: `Daily Crypto Roundup: A Mixed Day for the Majors

Bitcoin slipped {{bitcoin.change_24h}} to {{bitcoin.price}}, Ethereum gained {{ethereum.change_24h}} and Zcash rallied {{zcash.change_24h}}.

The two largest coins split. Bitcoin, ranked {{bitcoin.rank}}, saw {{bitcoin.volume_24h}} in volume as it fell, while Ethereum, ranked {{ethereum.rank}}, rose to {{ethereum.price}} on {{ethereum.volume_24h}} of trading.

The broader market leaned positive. Of the {{scope.top100}} coins, {{market.gainers}} rose, and the coins tracked are worth {{market.cap}} together, with {{market.volume_24h}} traded over the day. One strong day does not make a trend.`,
  },
  {
    id: "free-article-5",
    target: "article",
    text: `Ethereum Gains {{ethereum.change_24h}} on a Soft Day for Bitcoin

Ethereum rose {{ethereum.change_24h}} to {{ethereum.price}}, giving it a market cap of {{ethereum.market_cap}}, while Bitcoin fell {{bitcoin.change_24h}}.

For Ether the day was a recovery of sorts: it is still down {{ethereum.change_7d}} over seven days. Bitcoin is in the opposite position, lower on the day but up {{bitcoin.change_7d}} on the week.

Zcash was the sharpest mover among the three, up {{zcash.change_24h}}. Sharp moves can reverse quickly, so a single day's figures are a snapshot rather than a signal.`,
  },
  {
    id: "free-article-6",
    target: "article",
    text: `Zcash Extends Its Weekly Run to {{zcash.change_7d}}

Zcash is up {{zcash.change_7d}} over seven days after another {{zcash.change_24h}} gain, and trades at {{zcash.price}}.

The coin's trading volume reached {{zcash.volume_24h}} over 24 hours. Its Galaxy Score gained {{zcash.galaxy_change}} points, to {{zcash.galaxy_score}}, and its AltRank is now {{zcash.altrank}}.

Bitcoin, for its part, ended the day {{bitcoin.change_24h}} lower at {{bitcoin.price}}. The data does not say what drove the move.`,
  },
  {
    id: "free-article-7",
    target: "article",
    text: `Bitcoin Slips to {{bitcoin.price}}

Bitcoin fell {{bitcoin.change_24h}} in the past 24 hours and now trades at {{bitcoin.price}}.

Even after the fall, Bitcoin is {{bitcoin.change_7d}} higher than a week ago. Its market capitalisation is {{bitcoin.market_cap}}, and {{bitcoin.volume_24h}} worth of it changed hands during the day.

Most of the {{scope.top100}} did better: {{market.gainers}} coins rose, and the median change was {{market.median_change_24h}}. Ethereum was among the gainers, up {{ethereum.change_24h}}.`,
  },
  {
    id: "free-article-8",
    target: "article",
    text: `Market Snapshot: {{market.gainers}} of the Top 100 Rise

{{market.gainers}} of the {{scope.top100}} coins rose over the day and {{market.losers}} fell, with a median move of {{market.median_change_24h}}.

The tracked market is worth {{market.cap}}, and {{market.volume_24h}} traded over 24 hours. Bitcoin holds {{market.btc_dominance}} of that value even after slipping {{bitcoin.change_24h}}.

Zcash led the three coins covered here with a {{zcash.change_24h}} rise to {{zcash.price}}. Ethereum added {{ethereum.change_24h}}.`,
  },
  {
    id: "free-answer-1",
    target: "answer",
    text: `Bitcoin is at {{bitcoin.price}}, down {{bitcoin.change_24h}} over the last 24 hours.

Over the past week it is still up {{bitcoin.change_7d}}, and in the last hour it moved {{bitcoin.change_1h}}. The median coin in the {{scope.top100}} gained {{market.median_change_24h}} over the same day. Past moves do not decide future prices.`,
  },
  {
    id: "free-answer-2",
    target: "answer",
    text: `Today's move is about {{bitcoin.move_vs_usual}} times Bitcoin's usual daily swing of {{bitcoin.usual_daily_move}}.

Bitcoin fell {{bitcoin.change_24h}} to {{bitcoin.price}}. Its realised daily volatility is {{bitcoin.daily_volatility}}. Keep in mind that crypto can be volatile.`,
  },
  {
    id: "free-answer-3",
    target: "answer",
    text: `Sentiment around Bitcoin is mixed: {{bitcoin.sentiment}} of posts were positive.

Its Galaxy Score fell from {{bitcoin.galaxy_score_prev}} to {{bitcoin.galaxy_score}}, and its AltRank is {{bitcoin.altrank}}. There were {{bitcoin.posts_24h}} posts about it in 24 hours.`,
  },
  {
    id: "free-answer-4",
    target: "answer",
    text: `Bitcoin is the largest cryptocurrency, ranked {{bitcoin.rank}}, with a market cap of {{bitcoin.market_cap}}.

About {{bitcoin.circulating_supply}} BTC are in circulation, {{bitcoin.circulating_share}} of the maximum of {{bitcoin.max_supply}}. {{bitcoin.volume_24h}} of it traded in the past day, while its price fell {{bitcoin.change_24h}} to {{bitcoin.price}}.`,
  },
];
