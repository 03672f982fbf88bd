/**
 * The adversarial suite, version 1: hostile drafts (each must be held, for the reason given) and
 * ordinary correct phrasings of the kind language models write (each must pass). Checked against
 * SUITE_BRIEF (brief.ts): Bitcoin fell over 24 hours and rose over 7 days; Ethereum rose over 24
 * hours and fell over 7 days; Zcash rose on both. Add cases, never weaken one: a new version of a
 * rule that lets a hostile draft through is a regression.
 */
export const SUITE_VERSION = 1;

export type HostileCase = { id: string; text: string; because: RegExp };
export type HonestCase = { id: string; text: string };

export const HOSTILE: readonly HostileCase[] = [
  // The faults the claim check was first built to catch, as a model writes them with citations and without.
  {
    id: "issue-other-coins-figures",
    text: "Bitcoin rose {{ethereum.change_24h}} to {{ethereum.price}} today.",
    because: /sentence is about Bitcoin/,
  },
  { id: "issue-other-coins-figures-typed", text: "Bitcoin rose 3.40% to $3,120.50 today.", because: /outside a fact reference/ },
  { id: "issue-volume-as-market-cap", text: "Bitcoin's market cap is {{bitcoin.volume_24h}}.", because: /calls it a market cap/ },
  { id: "issue-7d-as-24h", text: "Zcash rose {{zcash.change_7d}} over 24 hours.", because: /7-day change, but the sentence says 24 hours/ },
  { id: "issue-gain-when-it-fell", text: "Bitcoin posted a {{bitcoin.change_24h}} gain today.", because: /says it rose/ },
  { id: "issue-plunged-when-it-rose", text: "Ethereum plunged {{ethereum.change_24h}} today.", because: /"plunged" says it fell/ },
  { id: "issue-spelled-percent", text: "Bitcoin fell twelve percent today.", because: /spelled out/ },
  { id: "issue-etf", text: "Zcash rallied on ETF approval.", because: /ETF/ },
  { id: "issue-new-high-next-week", text: "Bitcoin will hit a new high next week.", because: /prediction/ },
  // Figures typed instead of cited.
  { id: "typed-correct-price", text: "Bitcoin trades at $64,039.00.", because: /"\$64,039\.00": a figure written outside/ },
  { id: "typed-rank", text: "Zcash is ranked #15 by market cap.", because: /"#15": a figure written outside/ },
  { id: "typed-date", text: "On 23 November, Bitcoin slipped.", because: /"23": a figure/ },
  { id: "typed-time", text: "Bitcoin traded at {{bitcoin.price}} as of 07:00 UTC.", because: /outside a fact reference/ },
  { id: "typed-bare-number", text: "Bitcoin rose 5 percent.", because: /"5": a figure/ },
  { id: "typed-multiplier", text: "Zcash's volume hit 3x its average.", because: /outside a fact reference/ },
  // "30 days" reads as a period since Ask's 30-day changes (issue 43): the figure is held for the period it misstates.
  { id: "typed-30-days", text: "Zcash gained {{zcash.change_7d}} over 30 days.", because: /7-day change, but the sentence says 30 days/ },
  // Spelled-out numbers and vague quantities.
  { id: "spelled-five-per-cent", text: "Bitcoin rose five per cent.", because: /spelled out/ },
  { id: "vague-a-third", text: "About a third of the coins rose today.", because: /a fraction/ },
  { id: "vague-half-of", text: "Half of the coins fell today.", because: /a fraction/ },
  { id: "vague-doubled", text: "Zcash's social posts doubled.", because: /a multiple/ },
  { id: "vague-tripled", text: "Interactions around Zcash tripled.", because: /a multiple/ },
  { id: "vague-double-digit", text: "Zcash posted a double-digit gain.", because: /vague quantity/ },
  { id: "vague-several", text: "Several coins outperformed Bitcoin today.", because: /vague quantity/ },
  { id: "vague-second-largest", text: "Ethereum, the second-largest coin, rose today.", because: /rank spelled out/ },
  { id: "vague-a-dozen", text: "A dozen coins rose more than Zcash.", because: /spelled out/ },
  { id: "vague-hundreds", text: "Hundreds of coins fell.", because: /spelled out/ },
  // Coins outside the brief.
  { id: "entity-solana", text: "Solana rose {{zcash.change_24h}} today.", because: /"Solana": a coin that is not in the brief/ },
  { id: "entity-cardano", text: "Cardano gained ground today.", because: /"Cardano": a coin/ },
  { id: "entity-ticker", text: "SOL climbed today while Bitcoin slipped.", because: /"SOL": a coin/ },
  { id: "entity-xrp", text: "XRP outpaced Ethereum today.", because: /"XRP": a coin/ },
  { id: "entity-dogecoin", text: "Dogecoin drew more posts than Zcash.", because: /"Dogecoin": a coin/ },
  { id: "entity-bitcoin-cash", text: "Bitcoin Cash slipped today.", because: /"Bitcoin Cash": a coin/ },
  // Events and speculation.
  { id: "event-sec", text: "The SEC's decision weighed on Ethereum.", because: /regulatory/ },
  { id: "event-partnership", text: "Zcash rose after a partnership with a major bank.", because: /partnership/ },
  { id: "event-hack", text: "Bitcoin slid after an exchange hack.", because: /hack/ },
  { id: "event-lawsuit", text: "A lawsuit against its developers weighed on Zcash.", because: /legal/ },
  { id: "event-listing", text: "Zcash jumped on news of an exchange listing.", because: /listing/ },
  { id: "event-ath", text: "Bitcoin is trading near an all-time high of {{bitcoin.price}}.", because: /record/ },
  { id: "event-record", text: "Zcash set a record with {{zcash.posts_24h}} posts.", because: /record/ },
  { id: "event-upgrade", text: "Zcash's network upgrade drew attention.", because: /project event/ },
  { id: "event-airdrop", text: "An airdrop boosted Zcash's social activity.", because: /project event/ },
  { id: "event-whales", text: "Zcash climbed on whale buying.", because: /a cause \(whales, flows, policy\)/ },
  { id: "event-inflows", text: "Institutional inflows lifted Bitcoin.", because: /a cause \(whales, flows, policy\)/ },
  { id: "event-fed", text: "The Fed's rate decision moved Bitcoin.", because: /a cause \(whales, flows, policy\)/ },
  { id: "event-announcement", text: "Zcash rose after the team announced a new wallet.", because: /announcement or launch/ },
  { id: "spec-expected", text: "Ethereum is expected to climb further.", because: /prediction/ },
  { id: "spec-poised", text: "Bitcoin is poised to break out.", because: /prediction/ },
  { id: "spec-could-reach", text: "Zcash could reach new highs.", because: /prediction/ },
  { id: "spec-likely", text: "Ethereum is likely to recover soon.", because: /prediction/ },
  { id: "spec-target", text: "Analysts see a price target of {{bitcoin.price}} for Bitcoin.", because: /price target/ },
  { id: "spec-heading-for", text: "Bitcoin is heading for {{bitcoin.price}}.", because: /price target/ },
  { id: "advice-should-buy", text: "Investors should buy Zcash now.", because: /investment advice/ },
  { id: "advice-opportunity", text: "This dip is a buying opportunity for Bitcoin.", because: /investment advice/ },
  { id: "advice-undervalued", text: "Bitcoin looks undervalued at {{bitcoin.price}}.", because: /investment advice/ },
  // Subject: another coin's figure.
  { id: "subject-price", text: "Ethereum trades at {{bitcoin.price}}.", because: /sentence is about Ethereum/ },
  { id: "subject-rank", text: "Zcash, ranked {{ethereum.rank}}, rose today.", because: /sentence is about Zcash/ },
  { id: "subject-galaxy", text: "Ethereum's Galaxy Score is {{zcash.galaxy_score}}.", because: /sentence is about Ethereum/ },
  {
    id: "subject-second-clause",
    text: "Ethereum rose {{ethereum.change_24h}} today while Bitcoin rose {{zcash.change_24h}}.",
    because: /sentence is about Bitcoin/,
  },
  { id: "subject-market-wide", text: "Zcash's market cap is {{market.cap}}.", because: /not a figure of Zcash/ },
  {
    id: "subject-market-volume",
    text: "Bitcoin's trading volume of {{market.volume_24h}} led the market.",
    because: /not a figure of Bitcoin/,
  },
  { id: "subject-carried", text: "Zcash led the day. It traded at {{ethereum.price}}.", because: /sentence is about Zcash/ },
  // Metric: the wrong measure.
  { id: "metric-volume-as-cap", text: "Bitcoin's trading volume reached {{bitcoin.market_cap}}.", because: /calls it a trading volume/ },
  { id: "metric-price-as-cap", text: "Bitcoin's price is {{bitcoin.market_cap}}.", because: /calls it a price/ },
  { id: "metric-altrank-as-galaxy", text: "Zcash's Galaxy Score climbed to {{zcash.altrank}}.", because: /calls it a Galaxy Score/ },
  {
    id: "metric-dominance-as-sentiment",
    text: "Zcash's sentiment stood at {{zcash.social_dominance}}.",
    because: /calls it a sentiment reading/,
  },
  { id: "metric-interactions-as-posts", text: "Zcash drew {{zcash.interactions_24h}} posts.", because: /calls it a count of posts/ },
  { id: "metric-score-as-rank", text: "Zcash ranks {{zcash.galaxy_score}} by market cap.", because: /calls it a rank/ },
  { id: "metric-gainers-as-volume", text: "Trading volume came to {{market.gainers}}.", because: /calls it a trading volume/ },
  // Period: the wrong window, or none for a weekly figure.
  {
    id: "period-1h-as-week",
    text: "Bitcoin gained {{bitcoin.change_1h}} over the past week.",
    because: /1-hour change, but the sentence says 7 days/,
  },
  {
    id: "period-24h-as-hour",
    text: "Over the past hour, Bitcoin fell {{bitcoin.change_24h}}.",
    because: /24-hour change, but the sentence says 1 hour/,
  },
  {
    id: "period-24h-as-7d",
    text: "Ethereum's 7-day change was {{ethereum.change_24h}}.",
    because: /24-hour change, but the sentence says 7 days/,
  },
  { id: "period-7d-unstated", text: "Zcash is up {{zcash.change_7d}}.", because: /written without its period/ },
  {
    id: "period-month",
    text: "Zcash gained {{zcash.change_24h}} over the past month.",
    because: /24-hour change, but the sentence says 30 days/,
  },
  // Direction: a verb on either side against the sign.
  { id: "dir-soared", text: "Bitcoin soared {{bitcoin.change_24h}} today.", because: /"soared" says it rose/ },
  { id: "dir-slid", text: "Bitcoin slid {{bitcoin.change_7d}} over the week.", because: /"slid" says it fell/ },
  { id: "dir-slipped", text: "Ethereum slipped {{ethereum.change_24h}} on the day.", because: /"slipped" says it fell/ },
  { id: "dir-in-the-red", text: "Ethereum ended the day in the red at {{ethereum.change_24h}}.", because: /"in the red" says it fell/ },
  { id: "dir-rally-after", text: "Bitcoin's {{bitcoin.change_24h}} rally extended today.", because: /"rally" says it rose/ },
  { id: "dir-drop-after", text: "Zcash saw a {{zcash.change_24h}} drop today.", because: /"drop" says it fell/ },
  { id: "dir-galaxy-fell", text: "Zcash's Galaxy Score fell {{zcash.galaxy_change}} points.", because: /"fell" says it fell/ },
  { id: "dir-lost-week", text: "Bitcoin lost {{bitcoin.change_7d}} this week.", because: /"lost" says it fell/ },
  { id: "dir-tumbled", text: "Zcash tumbled {{zcash.change_24h}} today.", because: /"tumbled" says it fell/ },
  { id: "dir-loss-after", text: "Ethereum recorded a {{ethereum.change_24h}} loss on the day.", because: /"loss" says it fell/ },
  {
    id: "dir-both-wrong",
    text: "Ethereum rose {{ethereum.change_24h}} today while Bitcoin rose {{bitcoin.change_24h}}.",
    because: /"rose" says it rose, but Bitcoin 24-hour/,
  },
  {
    id: "dir-median",
    text: "The median coin in the {{scope.top100}} fell {{market.median_change_24h}} today.",
    because: /"fell" says it fell/,
  },
  // Citations that are not facts.
  { id: "cite-unknown", text: "Bitcoin's funding rate was {{bitcoin.funding_rate}}.", because: /cites no fact of this brief/ },
];

export const HONEST: readonly HonestCase[] = [
  { id: "btc-fell-24h", text: "Bitcoin fell {{bitcoin.change_24h}} over the past 24 hours to {{bitcoin.price}}." },
  { id: "eth-rose-today", text: "Ethereum rose {{ethereum.change_24h}} to {{ethereum.price}} today." },
  { id: "zec-soared-trading", text: "Zcash soared {{zcash.change_24h}} on the day, trading at {{zcash.price}}." },
  { id: "btc-week-first", text: "Over the past week, Bitcoin gained {{bitcoin.change_7d}}." },
  {
    id: "btc-cap-and-volume",
    text: "Bitcoin's market cap stands at {{bitcoin.market_cap}}, with {{bitcoin.volume_24h}} in 24-hour trading volume.",
  },
  { id: "eth-rank-slipped-7d", text: "Ethereum, ranked {{ethereum.rank}} by market cap, slipped {{ethereum.change_7d}} over 7 days." },
  {
    id: "zec-galaxy-rise",
    text: "Zcash's Galaxy Score rose from {{zcash.galaxy_score_prev}} to {{zcash.galaxy_score}}, a gain of {{zcash.galaxy_change}} points.",
  },
  {
    id: "zec-altrank-carried",
    text: "Zcash drew the most attention among the {{scope.tracked}} coins, with {{zcash.posts_24h}} posts. Its AltRank improved from {{zcash.altrank_prev}} to {{zcash.altrank}}.",
  },
  { id: "zec-sentiment", text: "{{zcash.sentiment}} of posts about Zcash were positive." },
  { id: "zec-posts-interactions", text: "Zcash drew {{zcash.posts_24h}} posts and {{zcash.interactions_24h}} interactions over 24 hours." },
  { id: "zec-dominance", text: "Zcash accounted for {{zcash.social_dominance}} of all social volume." },
  { id: "breadth", text: "Across the {{scope.top100}}, {{market.gainers}} coins rose and {{market.losers}} fell." },
  { id: "median", text: "The median move in the {{scope.top100}} was {{market.median_change_24h}}." },
  {
    id: "market-cap",
    text: "The coins tracked were worth a combined {{market.cap}}, with {{market.volume_24h}} changing hands over 24 hours.",
  },
  { id: "btc-dominance", text: "Bitcoin's share of the total market value was {{market.btc_dominance}}." },
  { id: "as-of", text: "As of {{data_time}} on {{date}}, Bitcoin traded at {{bitcoin.price}}." },
  { id: "eth-diverged", text: "Ethereum diverged from Bitcoin: it rose {{ethereum.change_24h}} today." },
  { id: "two-clauses", text: "Bitcoin slipped {{bitcoin.change_24h}} while Ethereum climbed {{ethereum.change_24h}}." },
  { id: "apposition", text: "Zcash, a privacy coin, jumped {{zcash.change_24h}} in 24 hours." },
  { id: "btc-1h", text: "Bitcoin edged up {{bitcoin.change_1h}} in the past hour." },
  { id: "eth-down-week", text: "On the week, Ethereum is down {{ethereum.change_7d}}." },
  { id: "signed-no-verb", text: "Bitcoin's 24-hour change was {{bitcoin.change_24h}}." },
  { id: "price-rose", text: "Zcash's price rose {{zcash.change_24h}} today." },
  { id: "eth-market-value", text: "Ethereum's market value is {{ethereum.market_cap}}." },
  { id: "zec-rank", text: "Zcash ranks {{zcash.rank}} by market capitalisation." },
  { id: "no-reason", text: "The data does not explain the move, and this article does not guess at a reason for it." },
  { id: "attention-not-value", text: "Social momentum describes attention, not value." },
  { id: "posted-a-gain", text: "Zcash posted a gain of {{zcash.change_24h}} over 24 hours." },
  { id: "suffered-a-loss", text: "Bitcoin suffered a loss of {{bitcoin.change_24h}} on the day." },
  { id: "snapshot", text: "Sharp moves can reverse quickly, so treat one day's figures as a snapshot rather than a signal." },
  { id: "eth-volume", text: "Trading volume for Ethereum came to {{ethereum.volume_24h}} over 24 hours." },
  { id: "zec-7-days", text: "Zcash (ZEC) climbed {{zcash.change_7d}} over 7 days." },
  { id: "ticker", text: "ETH rose {{ethereum.change_24h}} today." },
  { id: "alias", text: "Ether gained {{ethereum.change_24h}} today." },
  { id: "largest", text: "Bitcoin (BTC) remains the largest coin, ranked {{bitcoin.rank}}." },
  { id: "not-advice", text: "This analysis describes market and social data and is not investment advice." },
  {
    id: "llm-paragraph",
    text: "## Why Zcash is trending\n\nZcash (ZEC) jumped {{zcash.change_24h}} over the past 24 hours to {{zcash.price}}, extending a weekly advance of {{zcash.change_7d}} over 7 days. Its Galaxy Score climbed to {{zcash.galaxy_score}}, and {{zcash.sentiment}} of social posts were positive.",
  },
  {
    id: "llm-roundup-paragraph",
    text: "## Market overview\n\nAs of {{data_time}}, the coins tracked were worth {{market.cap}}. Bitcoin fell {{bitcoin.change_24h}} on the day to {{bitcoin.price}}, though it remains up {{bitcoin.change_7d}} on the week. Ethereum moved the other way, rising {{ethereum.change_24h}} to {{ethereum.price}}.",
  },
];
