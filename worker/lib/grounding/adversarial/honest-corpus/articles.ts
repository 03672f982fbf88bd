/**
 * Honest article drafts in the free style a current model writes from the suite's brief (brief.ts):
 * varied verbs, transitions, cautions and long sentences, every figure cited by id, every claim
 * true of the brief, and no knowledge of the frames. Bitcoin fell 2.31% on the day and rose 5.12%
 * on the week; Ethereum rose 3.40% and fell 1.85% on the week; Zcash rose 12.22% (30.10% on the
 * week) with its Galaxy Score from 64 to 71.2 and its AltRank from 48 to 12; 61 of the top 100 rose.
 * Drafts are composed from these sentences in a fixed order of rotation (see index.ts).
 */
export const ARTICLE_TITLES: readonly string[] = [
  "Zcash Surges {{zcash.change_24h}} as Bitcoin Slips",
  "Bitcoin Eases to {{bitcoin.price}} While Zcash Rallies",
  "Daily Crypto Roundup: Zcash Leads a Mixed Market",
  "Zcash Jumps {{zcash.change_24h}}; Ethereum Gains {{ethereum.change_24h}}",
  "Crypto Markets Split as Bitcoin Dips {{bitcoin.change_24h}}",
];

export const ARTICLE_EXCERPTS: readonly string[] = [
  "Bitcoin slipped {{bitcoin.change_24h}} over the past 24 hours to trade at {{bitcoin.price}}, while Zcash surged {{zcash.change_24h}}.",
  "Ethereum climbed {{ethereum.change_24h}} and {{market.gainers}} of the {{scope.top100}} coins finished higher, even as Bitcoin eased.",
  "A day of contrasts: Zcash rallied {{zcash.change_24h}} to {{zcash.price}}, and Bitcoin gave back {{bitcoin.change_24h}}.",
  "Bitcoin dipped {{bitcoin.change_24h}}, but the broader market leaned positive, with a median move of {{market.median_change_24h}} in the {{scope.top100}}.",
];

export const ARTICLE_SENTENCES: readonly string[] = [
  "Bitcoin slipped {{bitcoin.change_24h}} over the past 24 hours to trade at {{bitcoin.price}}, a modest pullback after a stronger week.",
  "Even so, the largest cryptocurrency is still up {{bitcoin.change_7d}} over seven days.",
  "Ethereum had a better session, climbing {{ethereum.change_24h}} to {{ethereum.price}}.",
  "The standout was Zcash, which surged {{zcash.change_24h}} on the day and now trades at {{zcash.price}}.",
  "Zcash's rally has been building all week: the privacy coin is up {{zcash.change_7d}} over seven days.",
  "Across the {{scope.top100}}, {{market.gainers}} coins finished higher while {{market.losers}} ended lower, a broadly positive picture.",
  "The median coin in that group gained {{market.median_change_24h}}.",
  "Taken together, the coins tracked are worth roughly {{market.cap}}, with about {{market.volume_24h}} changing hands in 24 hours.",
  "Bitcoin still accounts for {{market.btc_dominance}} of the market's total value.",
  "On the social side, Zcash's Galaxy Score climbed from {{zcash.galaxy_score_prev}} to {{zcash.galaxy_score}}.",
  "Its AltRank improved sharply as well, from {{zcash.altrank_prev}} to {{zcash.altrank}}.",
  "Roughly {{zcash.sentiment}} of posts about the coin were positive.",
  "Zcash drew {{zcash.posts_24h}} posts and {{zcash.interactions_24h}} interactions over 24 hours.",
  "Bitcoin's market value stands at {{bitcoin.market_cap}}, with {{bitcoin.volume_24h}} in daily volume.",
  "Ethereum, ranked {{ethereum.rank}}, saw {{ethereum.volume_24h}} in trading volume.",
  "Over the week, though, Ether is down {{ethereum.change_7d}}.",
  "Meanwhile, Zcash is ranked {{zcash.rank}} by market capitalisation, with a market cap of {{zcash.market_cap}}.",
  "Zcash accounted for {{zcash.social_dominance}} of all social volume, a large slice of the conversation.",
  "Bitcoin's price of {{bitcoin.price}} reflects a decline of {{bitcoin.change_24h}} from a day earlier.",
  "Ethereum's market capitalisation came to {{ethereum.market_cap}} as buyers stepped in.",
  "It is worth watching whether that momentum holds into the weekend.",
  "That said, one strong day does not make a trend.",
  "As always in crypto, sharp moves can reverse quickly, so treat a single day's figures as a snapshot rather than a signal.",
  "The data does not say what drove the move.",
  "Social attention can fade as quickly as it arrives.",
  "Zcash's trading volume reached {{zcash.volume_24h}}, which is notable for a coin of its size.",
  "Bitcoin is ranked {{bitcoin.rank}} by market cap and remains the bellwether for the sector.",
  "Zcash's Galaxy Score rose from {{zcash.galaxy_score_prev}} to {{zcash.galaxy_score}}, a gain of {{zcash.galaxy_change}} points.",
];
