import type { CoinFacts, Draft, RoundupBrief } from "../llm.ts";
import { type Chooser, chooser, clock, coinName, list, longDate, markdown, moved, upDown } from "./phrases.ts";

/** The Daily Roundup from templates: every figure is a fact's display text, every sentence picked by a seeded chooser. */
export function writeRoundup(brief: RoundupBrief, model: string): Draft {
  const choose = chooser(`roundup:${brief.date}`);
  const { market, bitcoin: btc } = brief;
  const day = longDate(brief.date);
  const leader = brief.topGainers[0];
  const laggard = brief.topLosers[0];
  const mood = moodOf(market.gainers.value, market.losers.value, choose);

  const title = choose("title", [
    `Daily Crypto Roundup: Bitcoin ${btc.change24h ? upDown(btc.change24h) : "flat"} as ${market.gainers.display} of the top 100 coins rise`,
    `Crypto Market Roundup, ${day}: Bitcoin at ${btc.price.display}${leader ? `, ${leader.name} leads the gainers` : ""}`,
    `Daily Roundup: ${capitalise(mood)} with the top 500 worth ${market.totalMarketCap.display}`,
  ]);
  const excerpt =
    `Bitcoin ${moved(btc.change24h, choose, "ex-btc")} to ${btc.price.display} over the past 24 hours, ` +
    `while ${market.gainers.display} of the 100 largest coins gained ground and ${market.losers.display} lost it.` +
    (leader?.change24h ? ` ${leader.name} led the day with ${leader.change24h.display}.` : "");

  const body = markdown([
    choose("h-overview", ["## Market overview", "## The market at a glance", "## How the market traded"]),
    overview(brief, choose, mood),
    choose("h-majors", ["## Bitcoin and Ethereum", "## The majors", "## Bitcoin and Ether"]),
    majors(brief, choose),
    "## Biggest movers",
    movers(brief, choose),
    brief.social ? choose("h-social", ["## Social sentiment", "## What the crowd is saying", "## Sentiment check"]) : null,
    brief.social ? social(brief, choose) : null,
    "## What to watch",
    closing(brief, choose, leader, laggard),
  ]);
  return { title, excerpt, body, model };
}

/** Breadth decides the tone: clearly more risers, clearly more fallers, or a split market. */
function moodOf(gainers: number, losers: number, choose: Chooser): string {
  if (gainers > losers * 1.2) return choose("mood-up", ["a constructive day", "a firmer session", "a broadly positive day"]);
  if (losers > gainers * 1.2) return choose("mood-down", ["a cautious day", "a softer session", "a broadly negative day"]);
  return choose("mood-mixed", ["a mixed day", "an evenly split session", "a day without a clear direction"]);
}

function overview(brief: RoundupBrief, choose: Chooser, mood: string): string {
  const { market } = brief;
  const open = choose("ov-open", [`It was ${mood} in crypto.`, `Crypto markets had ${mood}.`, `${capitalise(mood)} for digital assets.`]);
  return (
    `${open} As of ${clock(brief.asOf)} on ${longDate(brief.date)}, the ${market.trackedCoins.display} largest cryptocurrencies were worth a combined ` +
    `${market.totalMarketCap.display}, with ${market.totalVolume.display} changing hands over the previous 24 hours. ` +
    `Among the top 100, ${market.gainers.display} coins rose and ${market.losers.display} fell, and the median move was ${market.medianChange.display}. ` +
    `Bitcoin's share of the total market value stood at ${market.btcDominance.display}.`
  );
}

function majors(brief: RoundupBrief, choose: Chooser): string {
  const btc = brief.bitcoin;
  const eth = brief.ethereum;
  const week = (coin: CoinFacts) =>
    coin.change7d
      ? choose(`wk-${coin.id}`, [`, leaving it ${upDown(coin.change7d)} on the week`, ` (${coin.change7d.display} over 7 days)`])
      : "";
  const btcLine = `Bitcoin ${moved(btc.change24h, choose, "btc")} to ${btc.price.display}${week(btc)}. Its 24-hour trading volume was ${btc.volume24h.display}.`;
  if (!eth) return btcLine;
  const together =
    btc.change24h && eth.change24h && Math.sign(btc.change24h.value) === Math.sign(eth.change24h.value)
      ? choose("eth-same", ["Ethereum moved in step:", "Ethereum followed the same direction:", "Ether tracked Bitcoin:"])
      : choose("eth-diff", ["Ethereum went its own way:", "Ethereum diverged:", "Ether did not follow:"]);
  return `${btcLine} ${together} it ${moved(eth.change24h, choose, "eth")} to ${eth.price.display}${week(eth)}, for a market value of ${eth.marketCap.display}.`;
}

function moverLine(coin: CoinFacts, choose: Chooser, slot: string): string {
  return `- **${coinName(coin)}**, ranked ${coin.rank.display}, ${moved(coin.change24h, choose, slot)} to ${coin.price.display}`;
}

function movers(brief: RoundupBrief, choose: Chooser): string {
  const up = brief.topGainers.map((c, i) => moverLine(c, choose, `g${i}`));
  const down = brief.topLosers.map((c, i) => moverLine(c, choose, `l${i}`));
  const upIntro = choose("mv-up", [
    "The strongest gains in the top 100 came from:",
    "Leading the top 100 higher:",
    "The day's best performers in the top 100:",
  ]);
  const downIntro = choose("mv-down", ["On the other side of the ledger:", "The weakest of the top 100:", "Pulling back the most:"]);
  return markdown([up.length ? `${upIntro}\n\n${up.join("\n")}` : null, down.length ? `${downIntro}\n\n${down.join("\n")}` : null]);
}

function social(brief: RoundupBrief, choose: Chooser): string {
  const s = brief.social;
  if (!s) return "";
  const talked = s.mostDiscussed[0];
  const parts: string[] = [
    choose("soc-open", [
      `Across the top 500, ${s.averageSentiment.display} of social posts about the coins were positive on average.`,
      `Social mood across the top 500 averaged ${s.averageSentiment.display} positive posts.`,
      `The average share of positive posts across the top 500 was ${s.averageSentiment.display}.`,
    ]),
  ];
  if (talked?.socialVolume && talked.interactions) {
    parts.push(
      `${coinName(talked)} drew the most conversation, with ${talked.socialVolume.display} posts and ${talked.interactions.display} interactions in 24 hours` +
        (talked.socialDominance ? `, ${talked.socialDominance.display} of all social volume.` : "."),
    );
  }
  const risers = s.risingGalaxy.filter((c) => c.galaxyScore && c.galaxyScorePrevious);
  if (risers.length) {
    const items = risers.map((c) => `${c.name} (${c.galaxyScorePrevious?.display} to ${c.galaxyScore?.display})`);
    parts.push(`The biggest Galaxy Score improvements came from ${list(items)}.`);
  }
  if (s.source === "offline") {
    parts.push(
      "Social figures today come from Coinsight's offline sentiment model, which derives them from market activity because no live LunarCrush feed is configured.",
    );
  }
  return parts.join(" ");
}

function closing(brief: RoundupBrief, choose: Chooser, leader?: CoinFacts, laggard?: CoinFacts): string {
  const spread =
    leader?.change24h && laggard?.change24h
      ? `The gap between the day's best performer in the top 100 (${leader.name}, ${leader.change24h.display}) and its weakest (${laggard.name}, ${laggard.change24h.display}) is a reminder of how differently individual coins can trade on the same day.`
      : "";
  const end = choose("close", [
    "Daily moves like these say little on their own; the trend over several days, and whether volume and social activity confirm it, tells more.",
    "One session rarely sets a direction; watch whether the breadth of today's move holds over the coming days.",
    "As always in crypto, sharp moves can reverse quickly, so treat a single day's figures as a snapshot rather than a signal.",
  ]);
  const calm =
    Math.abs(brief.market.medianChange.value) < 0.25
      ? `The typical coin barely moved (a median change of ${brief.market.medianChange.display}).`
      : "";
  return [calm, spread, end, "This roundup describes market data and is not investment advice."].filter(Boolean).join(" ");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
