import type { CoinFacts, Draft, TrendingBrief } from "#worker/ports/llm/llm.ts";
import { type Chooser, chooser, cite, coinName, markdown, moved, movedTo, sectorOf, upDown } from "./phrases.ts";

/** A Trending Analysis from templates: the coin's social momentum, its price action, and what they do and do not say. */
export function writeTrending(brief: TrendingBrief, model: string): Draft {
  const { coin, bandContext } = brief;
  const choose = chooser(`trending:${brief.date}:${coin.id}`);
  const sector = sectorOf(coin);
  const gs = coin.galaxyScore;
  const gsUp = (coin.galaxyChange?.value ?? 0) > 0;

  // A headline is a claim too: "Leads" only for the band's first coin, "Gains" only when AltRank improved.
  const position = bandContext.momentumPosition;
  const altUp = coin.altRank && coin.altRankPrevious && coin.altRank.value < coin.altRankPrevious.value;
  const title = choose(
    "title",
    [
      gs && coin.galaxyChange && coin.galaxyChange.value !== 0
        ? `${coinName(coin)} Trending Analysis: Galaxy Score ${gsUp ? "rises" : "slips"} to ${cite(gs)}`
        : null,
      coin.sentiment ? `Why ${coin.name} Is Trending: ${cite(coin.sentiment)} Positive Sentiment` : null,
      altUp ? `${coinName(coin)} Gains Social Momentum: AltRank ${cite(coin.altRankPrevious)} to ${cite(coin.altRank)}` : null,
      position.value === 1
        ? `${coinName(coin)} Leads Social Momentum Among Coins Ranked ${cite(bandContext.bandLabel)}`
        : `${coinName(coin)} Places ${cite(position)} for Social Momentum Among Coins Ranked ${cite(bandContext.bandLabel)}`,
    ].filter((t): t is string => t !== null),
  );

  const excerpt =
    `${coin.name} ranks ${cite(bandContext.momentumPosition)} for social momentum among the ${cite(bandContext.coinsInBand)} coins ranked ${cite(bandContext.bandLabel)}` +
    (gs ? `, with a Galaxy Score of ${cite(gs)}` : "") +
    `, while its price ${movedTo(coin.change24h, coin.price, choose, "ex", " over 24 hours")}.`;

  const body = markdown([
    choose("h-why", [`## Why ${coin.name} is trending`, "## The social picture", `## ${coin.name} on social media`]),
    intro(brief, choose, sector),
    socialMetrics(coin, brief, choose),
    choose("h-price", ["## Price action", "## How the price is trading", "## The market side"]),
    priceAction(coin, choose),
    choose("h-read", ["## Reading the signals", "## What it means", "## Social and price together"]),
    reading(coin, choose),
  ]);
  return { title, excerpt, body, model };
}

function intro(brief: TrendingBrief, choose: Chooser, sector: string | null): string {
  const { coin, bandContext } = brief;
  // Every sentence is a frame of the claim check: what the coin is, then where it stands, each with its figure.
  const open = choose("intro", [
    `${coinName(coin)} is ${sector ? `a ${sector}` : "a coin"} ranked ${cite(coin.rank)} by market cap.`,
    `${coinName(coin)} is ranked ${cite(coin.rank)} by market cap.`,
  ]);
  return (
    `${open} Among the ${cite(bandContext.coinsInBand)} coins ranked ${cite(bandContext.bandLabel)}, it places ${cite(bandContext.momentumPosition)} on Coinsight's social momentum measure, ` +
    "which combines the day's change in Galaxy Score with the change in AltRank."
  );
}

function socialMetrics(coin: CoinFacts, brief: TrendingBrief, choose: Chooser): string {
  const lines: string[] = [];
  if (coin.galaxyScore && coin.galaxyScorePrevious && coin.galaxyChange) {
    const dir = coin.galaxyChange.value >= 0 ? "up" : "down";
    lines.push(
      `- **Galaxy Score:** ${cite(coin.galaxyScore)}, ${dir} from ${cite(coin.galaxyScorePrevious)} a day earlier (${cite(coin.galaxyChange)} points). The score blends price, social sentiment and social activity on a scale of ${cite(brief.scale)}.`,
    );
  }
  if (coin.altRank && coin.altRankPrevious) {
    const better = coin.altRank.value < coin.altRankPrevious.value;
    const same = coin.altRank.value === coin.altRankPrevious.value;
    lines.push(
      `- **AltRank:** ${cite(coin.altRank)}, ${same ? "the same as" : better ? "improved from" : "weakened from"} ${cite(coin.altRankPrevious)} a day earlier. AltRank places each coin against every other coin on social and market activity, and a lower number is a better place.`,
    );
  }
  if (coin.sentiment) {
    const avg = brief.bandContext.bandAverageSentiment;
    const vs = coin.sentiment.value > avg.value ? "above" : coin.sentiment.value < avg.value ? "below" : "the same as";
    lines.push(`- **Sentiment:** ${cite(coin.sentiment)} of posts were positive, ${vs} the band's average of ${cite(avg)}.`);
  }
  if (coin.socialVolume && coin.interactions) {
    lines.push(`- **Activity:** ${cite(coin.socialVolume)} posts and ${cite(coin.interactions)} interactions over 24 hours.`);
  }
  if (coin.socialDominance) lines.push(`- **Social dominance:** ${cite(coin.socialDominance)} of all crypto social volume.`);
  const lead = choose("soc-lead", ["The social figures:", "Here is what the social data shows:", "The social data in detail:"]);
  const note =
    brief.socialSource === "offline"
      ? "\n\nThese social figures are estimates from the Coinsight sentiment model, which works from market activity."
      : "";
  return `${lead}\n\n${lines.join("\n")}${note}`;
}

function priceAction(coin: CoinFacts, choose: Chooser): string {
  const week = coin.change7d ? ` Over 7 days it is ${upDown(coin.change7d)}.` : "";
  const size = choose("size", [
    coin.volume24h
      ? `Its market value stands at ${cite(coin.marketCap)}, with ${cite(coin.volume24h)} traded in the past 24 hours.`
      : `Its market value stands at ${cite(coin.marketCap)}.`,
    coin.volume24h
      ? `That puts its market capitalisation at ${cite(coin.marketCap)}; 24-hour trading volume reached ${cite(coin.volume24h)}.`
      : `That puts its market capitalisation at ${cite(coin.marketCap)}.`,
  ]);
  return `${coin.name} ${movedTo(coin.change24h, coin.price, choose, "px", " over the past 24 hours")}.${week} ${size}`;
}

/**
 * What the two sides say together, in sentences the claim check can bind (a direction to the
 * Galaxy Score or the price) and cautions from its hedge list; nothing about why.
 */
function reading(coin: CoinFacts, choose: Chooser): string {
  const socialUp = (coin.galaxyChange?.value ?? 0) >= 0;
  const change = coin.change24h;
  let view: string;
  if (!coin.galaxyScore || !coin.galaxyScorePrevious || !change) {
    view = "Social momentum and price are separate measures, and the data does not say what drove the move.";
  } else if (socialUp && change.value >= 0) {
    view = `${coin.name}'s Galaxy Score went from ${cite(coin.galaxyScorePrevious)} to ${cite(coin.galaxyScore)}, and its price ${moved(change, choose, "rd")} on the day. ${choose("agree-up", ["Social spikes can fade as quickly as they arrive.", "Social attention can fade as quickly as it arrives."])}`;
  } else if (socialUp) {
    view = `${coin.name}'s Galaxy Score went from ${cite(coin.galaxyScorePrevious)} to ${cite(coin.galaxyScore)} while its price ${moved(change, choose, "rd")} on the day. Divergences like this can resolve either way, and the data alone does not say which.`;
  } else {
    view = `${coin.name}'s Galaxy Score went from ${cite(coin.galaxyScorePrevious)} to ${cite(coin.galaxyScore)}. Social mood can change quickly and does not decide prices on its own.`;
  }
  const end = choose("end", [
    "Social momentum describes attention, not value.",
    "Popularity is not the same as value.",
    "Attention is a signal to look closer, not a reason to act.",
  ]);
  return `${view}\n\n${end} This analysis describes market and social data and is not investment advice.`;
}
