import type { CoinFacts, Draft, RoundupBrief } from "#worker/ports/llm/llm.ts";
import { type Chooser, chooser, cite, coinName, markdown, movedTo, upDown } from "./phrases.ts";

/** The Daily Roundup from templates: every figure cites a fact, every sentence is picked by a seeded chooser. */
export function writeRoundup(brief: RoundupBrief, model: string): Draft {
  const choose = chooser(`roundup:${brief.date}`);
  const { market, bitcoin: btc } = brief;
  const day = cite(brief.time.date);
  const top100 = cite(brief.scope.top100);
  const tracked = cite(brief.scope.tracked);
  const leader = brief.topGainers[0];
  const laggard = brief.topLosers[0];
  const mood = moodOf(market.gainers.value, market.losers.value, choose);

  const title = choose("title", [
    `Daily Crypto Roundup: Bitcoin ${btc.change24h ? upDown(btc.change24h) : `at ${cite(btc.price)}`} as ${cite(market.gainers)} of the ${top100} coins rise`,
    `Crypto Market Roundup, ${day}: Bitcoin at ${cite(btc.price)}${leader ? `, ${leader.name} leads the gainers among the ${tracked} coins` : ""}`,
    `Daily Roundup: the ${tracked} coins were worth ${cite(market.totalMarketCap)}`,
  ]);
  const excerpt =
    `Bitcoin ${movedTo(btc.change24h, btc.price, choose, "ex-btc", " over the past 24 hours")}, ` +
    `while ${cite(market.gainers)} of the ${top100} coins gained ground and ${cite(market.losers)} lost it.` +
    // A superlative names its group in the same sentence: the day's gainers are drawn from every tracked coin.
    (leader?.change24h ? ` ${leader.name} led the day's gainers among the ${tracked} coins, up ${cite(leader.change24h)}.` : "");

  const body = markdown([
    choose("h-overview", ["## Market overview", "## The market at a glance", "## How the market traded"]),
    overview(brief, mood),
    choose("h-majors", ["## Bitcoin and Ethereum", "## The majors", "## Bitcoin and Ether"]),
    majors(brief, choose),
    "## Biggest movers",
    movers(brief, choose),
    brief.social ? choose("h-social", ["## Social sentiment", "## What the crowd is saying", "## Sentiment check"]) : null,
    brief.social ? social(brief, choose) : null,
    choose("h-close", ["## The day in context", "## In context", "## Putting the day in context"]),
    closing(brief, choose, leader, laggard),
  ]);
  return { title, excerpt, body, model };
}

/** Breadth decides the tone: clearly more risers, clearly more fallers, or a split market. */
function moodOf(gainers: number, losers: number, choose: Chooser): string {
  if (gainers > losers * 1.2) return choose("mood-up", ["a constructive day", "a firmer session", "a broadly positive day"]);
  if (losers > gainers * 1.2) return choose("mood-down", ["a cautious day", "a softer session", "a broadly negative day"]);
  return choose("mood-mixed", ["a mixed day", "an evenly split session"]);
}

function overview(brief: RoundupBrief, mood: string): string {
  const { market } = brief;
  // The mood is a claim about the market's breadth, so the sentence cites the breadth it judges.
  const open = `It was ${mood} for the crypto market: ${cite(market.gainers)} of the ${cite(brief.scope.top100)} coins rose and ${cite(market.losers)} fell.`;
  return (
    `${open} As of ${cite(brief.time.dataTime)} on ${cite(brief.time.date)}, the ${cite(market.trackedCoins)} largest cryptocurrencies were worth a combined ` +
    `${cite(market.totalMarketCap)}, with ${cite(market.totalVolume)} changing hands over the previous 24 hours. ` +
    `Among the ${cite(brief.scope.top100)}, the median move was ${cite(market.medianChange)}. ` +
    `Bitcoin's share of the total market value stood at ${cite(market.btcDominance)}.`
  );
}

function majors(brief: RoundupBrief, choose: Chooser): string {
  const btc = brief.bitcoin;
  const eth = brief.ethereum;
  const week = (coin: CoinFacts) =>
    coin.change7d
      ? choose(`wk-${coin.id}`, [`, leaving it ${upDown(coin.change7d)} on the week`, ` (${cite(coin.change7d)} over 7 days)`])
      : "";
  const btcLine = `Bitcoin ${movedTo(btc.change24h, btc.price, choose, "btc")}${week(btc)}. ${btc.volume24h ? ` Its 24-hour trading volume was ${cite(btc.volume24h)}.` : ""}`;
  if (!eth) return btcLine;
  const together =
    btc.change24h && eth.change24h && Math.sign(btc.change24h.value) === Math.sign(eth.change24h.value)
      ? choose("eth-same", ["Ethereum followed the same direction as Bitcoin:", "Ether tracked Bitcoin:"])
      : choose("eth-diff", [
          "Ethereum went the other way from Bitcoin:",
          "Ethereum diverged from Bitcoin:",
          "Ether did not follow Bitcoin:",
        ]);
  return `${btcLine} ${together} it ${movedTo(eth.change24h, eth.price, choose, "eth")}${week(eth)}, for a market value of ${cite(eth.marketCap)}.`;
}

function moverLine(coin: CoinFacts, choose: Chooser, slot: string): string {
  return `- **${coinName(coin)}**, ranked ${cite(coin.rank)}, ${movedTo(coin.change24h, coin.price, choose, slot)}`;
}

function movers(brief: RoundupBrief, choose: Chooser): string {
  // The movers are the Gainers and Losers tabs' own, drawn from every tracked coin.
  const tracked = cite(brief.scope.tracked);
  const up = brief.topGainers.map((c, i) => moverLine(c, choose, `g${i}`));
  const down = brief.topLosers.map((c, i) => moverLine(c, choose, `l${i}`));
  const upIntro = choose("mv-up", [
    `The strongest gains in the ${tracked} coins came from:`,
    `The largest gains in the ${tracked} coins:`,
    `The day's best performers in the ${tracked} coins:`,
  ]);
  const downIntro = choose("mv-down", [
    "On the other side of the ledger:",
    `The weakest of the ${tracked} coins:`,
    `The largest declines in the ${tracked} coins:`,
  ]);
  return markdown([up.length ? `${upIntro}\n\n${up.join("\n")}` : null, down.length ? `${downIntro}\n\n${down.join("\n")}` : null]);
}

function social(brief: RoundupBrief, choose: Chooser): string {
  const s = brief.social;
  if (!s) return "";
  const talked = s.mostDiscussed[0];
  const tracked = cite(brief.scope.tracked);
  const parts: string[] = [
    choose("soc-open", [
      `Across the ${tracked}, ${cite(s.averageSentiment)} of social posts about the coins were positive on average.`,
      `Social mood across the ${tracked} averaged ${cite(s.averageSentiment)} positive posts.`,
      `The average share of positive posts across the ${tracked} was ${cite(s.averageSentiment)}.`,
    ]),
  ];
  if (talked?.socialVolume && talked.interactions) {
    parts.push(
      `${coinName(talked)} drew the most conversation among the ${tracked} coins, with ${cite(talked.socialVolume)} posts and ${cite(talked.interactions)} interactions in 24 hours` +
        (talked.socialDominance ? `, ${cite(talked.socialDominance)} of all social volume.` : "."),
    );
  }
  const risers = s.risingGalaxy.filter((c) => c.galaxyScore && c.galaxyScorePrevious);
  // The Galaxy Score risers are drawn from the top 100 only: the superlative says so.
  const [first, ...rest] = risers;
  if (first) {
    parts.push(
      `Among the ${cite(brief.scope.top100)} coins, ${first.name}'s Galaxy Score rose the most, from ${cite(first.galaxyScorePrevious)} to ${cite(first.galaxyScore)}.`,
    );
    for (const c of rest) parts.push(`${c.name}'s Galaxy Score rose from ${cite(c.galaxyScorePrevious)} to ${cite(c.galaxyScore)}.`);
  }
  if (s.source === "offline") {
    parts.push("These social figures are estimates from the Coinsight sentiment model, which works from market activity.");
  }
  return parts.join(" ");
}

function closing(brief: RoundupBrief, choose: Chooser, leader?: CoinFacts, laggard?: CoinFacts): string {
  const spread =
    leader?.change24h && laggard?.change24h
      ? `The day's best performer in the ${cite(brief.scope.tracked)} was ${leader.name} at ${cite(leader.change24h)}, and its weakest was ${laggard.name} at ${cite(laggard.change24h)}.`
      : "";
  // Only sentences of the hedge list: cautions the claim check reads as they are (worker/lib/grounding/hedges.ts).
  const end = choose("close", [
    "Daily moves like these say little on their own; the trend over a longer stretch, and whether volume and social activity confirm it, tells more.",
    "One session rarely sets a direction, and one day's breadth says little about the next.",
    "As always in crypto, sharp moves can reverse quickly, so treat a single day's figures as a snapshot rather than a signal.",
  ]);
  const calm =
    Math.abs(brief.market.medianChange.value) < 0.25
      ? `The typical coin barely moved, with a median change of ${cite(brief.market.medianChange)}.`
      : "";
  return [calm, spread, end, "This roundup describes market data and is not investment advice."].filter(Boolean).join(" ");
}
