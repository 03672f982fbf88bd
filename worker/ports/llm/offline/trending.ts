import type { CoinFacts, Draft, TrendingBrief } from "#worker/ports/llm/llm.ts";
import { type Chooser, chooser, cite, coinName, markdown, moved, sectorOf, upDown } from "./phrases.ts";

/** A Trending Analysis from templates: the coin's social momentum, its price action, and what they do and do not say. */
export function writeTrending(brief: TrendingBrief, model: string): Draft {
  const { coin, bandContext } = brief;
  const choose = chooser(`trending:${brief.date}:${coin.id}`);
  const sector = sectorOf(coin);
  const gs = coin.galaxyScore;
  const gsUp = (coin.galaxyChange?.value ?? 0) >= 0;

  const title = choose(
    "title",
    [
      gs ? `${coinName(coin)} Trending Analysis: Galaxy Score ${gsUp ? "rises" : "slips"} to ${cite(gs)}` : null,
      coin.sentiment ? `Why ${coin.name} Is Trending: ${cite(coin.sentiment)} Positive Sentiment and Rising Social Activity` : null,
      coin.altRank && coin.altRankPrevious
        ? `${coinName(coin)} Gains Social Momentum: AltRank ${cite(coin.altRankPrevious)} to ${cite(coin.altRank)}`
        : null,
      `${coinName(coin)} Leads Social Momentum Among Coins Ranked ${cite(bandContext.bandLabel)}`,
    ].filter((t): t is string => t !== null),
  );

  const excerpt =
    `${coin.name} ranks ${cite(bandContext.momentumPosition)} for social momentum among the ${cite(bandContext.coinsInBand)} coins ranked ${cite(bandContext.bandLabel)}` +
    (gs ? `, with a Galaxy Score of ${cite(gs)}` : "") +
    `, while its price ${moved(coin.change24h, choose, "ex")} to ${cite(coin.price)} over 24 hours.`;

  const body = markdown([
    choose("h-why", [`## Why ${coin.name} is trending`, "## The social picture", `## ${coin.name} on social media`]),
    intro(brief, choose, sector),
    socialMetrics(coin, brief, choose),
    choose("h-price", ["## Price action", "## How the price is trading", "## The market side"]),
    priceAction(coin, choose),
    choose("h-read", ["## Reading the signals", "## What it means", "## Social and price together"]),
    reading(coin, choose, sector),
  ]);
  return { title, excerpt, body, model };
}

function intro(brief: TrendingBrief, choose: Chooser, sector: string | null): string {
  const { coin, bandContext } = brief;
  const what = sector ? `, a ${sector} ranked ${cite(coin.rank)} by market cap,` : `, ranked ${cite(coin.rank)} by market cap,`;
  const open = choose("intro", [
    `${coinName(coin)}${what} is drawing more attention than almost any other coin in its size bracket.`,
    `Social activity around ${coinName(coin)}${what} picked up noticeably on ${cite(brief.time.date)}.`,
    `${coinName(coin)}${what} stands out in today's social data.`,
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
    lines.push(
      `- **AltRank:** ${cite(coin.altRank)}, ${better ? "improved" : "down"} from ${cite(coin.altRankPrevious)}. Lower is better: AltRank compares a coin's social and market performance with every other coin.`,
    );
  }
  if (coin.sentiment) {
    const avg = brief.bandContext.bandAverageSentiment;
    const vs = coin.sentiment.value >= avg.value ? "above" : "below";
    lines.push(`- **Sentiment:** ${cite(coin.sentiment)} of posts were positive, ${vs} the band's average of ${cite(avg)}.`);
  }
  if (coin.socialVolume && coin.interactions) {
    lines.push(`- **Activity:** ${cite(coin.socialVolume)} posts and ${cite(coin.interactions)} interactions over 24 hours.`);
  }
  if (coin.socialDominance) lines.push(`- **Social dominance:** ${cite(coin.socialDominance)} of all crypto social volume.`);
  const lead = choose("soc-lead", [
    "The social figures behind the move:",
    "Here is what the social data shows:",
    "The numbers behind the attention:",
  ]);
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
  return `${coin.name} ${moved(coin.change24h, choose, "px")} over the past 24 hours to ${cite(coin.price)}.${week} ${size}`;
}

function reading(coin: CoinFacts, choose: Chooser, sector: string | null): string {
  const socialUp = (coin.galaxyChange?.value ?? 0) >= 0;
  const priceUp = (coin.change24h?.value ?? 0) >= 0;
  let view: string;
  if (socialUp && priceUp) {
    view = choose("agree-up", [
      "Rising attention and a rising price point the same way today. That kind of agreement can keep a move going for a while, but social spikes also tend to fade as quickly as they arrive.",
      "Conversation and price are moving together. When both rise at once, late buyers are often reacting to the same headlines, which can make reversals sharp.",
    ]);
  } else if (socialUp && !priceUp) {
    view = choose("diverge", [
      `Attention is growing while the price is not: ${coin.name} is down ${coin.change24h ? cite(coin.change24h) : "slightly"} on the day. Divergences like this can resolve either way, and the data alone does not say which.`,
      "More people are talking about the coin even as its price softens. That can reflect concern as much as enthusiasm, so the sentiment reading matters more than the volume of posts.",
    ]);
  } else {
    view = choose("cooling", [
      "The social picture is cooling rather than heating up, so today's ranking reflects relative strength within a quiet band more than a surge of interest.",
      "Momentum here is relative: the coin held up better than its peers on social measures rather than breaking out on its own.",
    ]);
  }
  const sectorNote =
    sector === "meme coin"
      ? " Meme coins are especially sensitive to social buzz, in both directions."
      : sector
        ? ` As a ${sector}, its price also tends to follow news about its own ecosystem.`
        : "";
  const end = choose("end", [
    "Social momentum describes attention, not value.",
    "Popularity is not the same as value.",
    "Attention is a signal to look closer, not a reason to act.",
  ]);
  return `${view}${sectorNote}\n\n${end} This analysis describes market and social data and is not investment advice.`;
}
