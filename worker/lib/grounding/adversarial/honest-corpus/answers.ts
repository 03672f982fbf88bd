/**
 * Honest Ask answers about Bitcoin in the free style a current model writes from the Ask brief
 * (brief.ts, ASK_BRIEF): Bitcoin at $64,039, down 2.31% on the day, up 0.12% in the hour and 5.12%
 * on the week, ranked #1; the top 100's median move +0.84%; a usual daily move of 2.10%, today's
 * 1.1 times that; 44% positive posts; Galaxy Score from 61 to 58. Every figure is cited by id.
 */
export const ANSWER_SENTENCES: readonly string[] = [
  "Bitcoin is trading at {{bitcoin.price}} right now.",
  "Over the last day it has slipped {{bitcoin.change_24h}}, though it is still up {{bitcoin.change_7d}} on the week.",
  "In the past hour the move has been tiny, just {{bitcoin.change_1h}}.",
  "That leaves it behind the typical large coin: the median move across the {{scope.top100}} was {{market.median_change_24h}}.",
  "On a usual day, Bitcoin's price moves by about {{bitcoin.usual_daily_move}}, so today's move is about {{bitcoin.move_vs_usual}} times its normal swing.",
  "It remains the largest cryptocurrency, ranked {{bitcoin.rank}}, with a market cap of {{bitcoin.market_cap}}.",
  "About {{bitcoin.volume_24h}} worth of Bitcoin changed hands over the past 24 hours.",
  "Sentiment is a little soft, with {{bitcoin.sentiment}} of posts positive.",
  "Its Galaxy Score eased from {{bitcoin.galaxy_score_prev}} to {{bitcoin.galaxy_score}} over the day.",
  "There were {{bitcoin.posts_24h}} posts about Bitcoin in the last day.",
  "Roughly {{bitcoin.circulating_supply}} BTC are in circulation, out of a maximum of {{bitcoin.max_supply}}.",
  "Its AltRank sits at {{bitcoin.altrank}} at the moment.",
  "The data does not say what drove the move.",
  "Keep in mind that crypto can be volatile.",
  "Past moves do not decide future prices.",
  "Bitcoin's realised daily volatility comes to {{bitcoin.daily_volatility}}.",
  "In short, Bitcoin is {{bitcoin.change_24h}} lower on the day at {{bitcoin.price}}.",
  "The price sits at {{bitcoin.price}} after a dip of {{bitcoin.change_24h}}.",
];
