import type { AnswerBrief, Answerer } from "./answer.ts";
import type { Fact } from "./llm.ts";

export const OFFLINE_ANSWER_MODEL = "coinsight-answer-templates";

/**
 * The offline answerer: plain, readable answers composed from the brief's facts. It never calls out
 * and never writes a figure that is not a fact's display text, so it passes the grounding check.
 */
export function createOfflineAnswerer(): Answerer {
  return {
    source: "offline",
    model: OFFLINE_ANSWER_MODEL,
    async answer(brief, onText) {
      const text = compose(brief);
      if (onText) for (const line of text.split(/(?<=\n)/)) onText(line);
      return { text, model: OFFLINE_ANSWER_MODEL };
    },
  };
}

/** The answer for one brief (exported for tests of the wording). */
export function compose(brief: AnswerBrief): string {
  const lines = WRITERS[brief.questionType](brief, (key) => brief.named[key]?.display);
  return [...lines, ...(brief.notes.length ? ["", ...brief.notes] : [])].join("\n").trim();
}

type Get = (key: string) => string | undefined;
type Writer = (b: AnswerBrief, get: Get) => string[];

const direction = (f: Fact | undefined) => (f && f.value < 0 ? "down" : "up");

const WRITERS: Record<AnswerBrief["questionType"], Writer> = {
  about(b, get) {
    const { name, symbol } = b.coin;
    const out = [`## About ${name} (${symbol})`, ""];
    const rank = get("rank");
    const cap = get("marketCap");
    out.push(
      `${name} is ${rank ? `ranked ${rank} by market capitalisation` : "one of the coins Coinsight tracks"}${cap ? `, with a market cap of ${cap}` : ""}. ` +
        `It trades at ${get("price") ?? "a price we do not have right now"}${get("volume24h") ? `, with ${get("volume24h")} traded in the last day` : ""}.`,
    );
    if (b.categories.length) out.push("", `**Category**`, `${name} is listed under ${b.categories.join(", ")}.`);
    const supply = [
      get("circulating") ? `- Circulating supply: ${get("circulating")} ${symbol}` : null,
      get("total") ? `- Total supply: ${get("total")} ${symbol}` : null,
      get("max") ? `- Maximum supply: ${get("max")} ${symbol}` : `- Maximum supply: none set (or not reported)`,
      get("circulatingShare") ? `- In circulation: ${get("circulatingShare")} of the maximum supply` : null,
    ].filter((l): l is string => l !== null);
    out.push("", "**Supply**", ...supply);
    return out;
  },

  price_movement(b, get) {
    const { name } = b.coin;
    const out = [`## How ${name} has moved`, ""];
    const moves = [
      get("change1h") ? `- Last hour: ${get("change1h")}` : null,
      get("change24h") ? `- Last 24 hours: ${get("change24h")}` : null,
      get("change7d") ? `- Last 7 days: ${get("change7d")}` : null,
    ].filter((l): l is string => l !== null);
    out.push(
      `${name} trades at ${get("price")}.`,
      "",
      ...(moves.length ? moves : ["- No recent price changes are reported for this coin."]),
    );
    if (get("change24h") && get("marketMedian24h")) {
      const coin = b.named.change24h?.value ?? 0;
      const market = b.named.marketMedian24h?.value ?? 0;
      out.push(
        "",
        "**Against the market**",
        `The typical coin of the top 100 moved ${get("marketMedian24h")} over the same 24 hours, so ${name} did ${coin > market ? "better" : coin < market ? "worse" : "the same"} than the market.`,
      );
    }
    if (get("typicalDailyMove") && get("moveVsTypical")) {
      out.push(
        "",
        "**Against its own usual swings**",
        `On a usual day ${name} moves by about ${get("typicalDailyMove")} (its realised daily volatility). Today's move is ${get("moveVsTypical")} times that, ${
          (b.named.moveVsTypical?.value ?? 0) >= 2
            ? "an unusually large move"
            : (b.named.moveVsTypical?.value ?? 0) >= 1
              ? "a larger move than usual"
              : "within its usual range"
        }.`,
      );
    }
    out.push("", `The figures show what happened, not why: the data does not say what drove the move ${direction(b.named.change24h)}.`);
    return out;
  },

  future_price(b, get) {
    const { name } = b.coin;
    const out = [`## ${name}: a statistical range, not a forecast`, ""];
    if (!get("low7") || !get("high30")) {
      out.push(`Coinsight does not hold enough daily price history for ${name} yet to compute a range from its realised volatility.`);
      out.push("", "Nobody can tell where the price will go; treat any prediction you read with care.");
      return out;
    }
    out.push(
      `${name} trades at ${get("price")}. Over the last ${get("returnsUsed")} daily moves its realised volatility was ${get("dailyVolatility")} a day.`,
      "",
      `If it kept moving the way it has, the price would stay inside these ranges about ${get("confidence")} of the time:`,
      `- Next 7 days: ${get("low7")} to ${get("high7")}`,
      `- Next 30 days: ${get("low30")} to ${get("high30")}`,
      "",
      "**What this is not**",
      "This range only restates past volatility. It is not a forecast, not a target and not financial advice: news, liquidity and the wider market can move the price outside it at any time.",
    );
    return out;
  },

  social_sentiment(b, get) {
    const { name } = b.coin;
    const out = [`## Social sentiment for ${name}`, ""];
    if (!get("galaxyScore") && !get("sentiment")) {
      out.push(`The newsroom's social data does not track ${name} today, so there is no sentiment reading to report.`);
      return out;
    }
    const items = [
      get("sentiment") ? `- Sentiment: ${get("sentiment")} of posts are positive` : null,
      get("galaxyScore")
        ? `- Galaxy Score: ${get("galaxyScore")}${get("galaxyChange") ? ` (${get("galaxyChange")} points on the day)` : ""}`
        : null,
      get("altRank") ? `- AltRank: ${get("altRank")}` : null,
      get("socialVolume") ? `- Posts in the last day: ${get("socialVolume")}` : null,
      get("interactions") ? `- Interactions in the last day: ${get("interactions")}` : null,
      get("socialDominance") ? `- Share of all crypto social activity: ${get("socialDominance")}` : null,
    ].filter((l): l is string => l !== null);
    const s = b.named.sentiment?.value;
    const mood =
      s === undefined ? "" : s >= 70 ? "The mood is clearly positive." : s >= 50 ? "The mood leans positive." : "The mood leans negative.";
    out.push(`Here is what the newsroom's social data shows for ${name}. ${mood}`.trim(), "", ...items);
    out.push("", "Social mood can change quickly and does not decide prices on its own.");
    return out;
  },

  latest_news(b) {
    const { name } = b.coin;
    const out = [`## Latest on Coinsight about ${name}`, ""];
    if (!b.news.length) {
      out.push(
        `Coinsight has not published an article about ${name} yet. Coin analyses appear when a coin trends in the newsroom's daily run.`,
      );
      return out;
    }
    out.push(`The newest articles from the Coinsight newsroom about ${name}:`, "");
    for (const a of b.news) out.push(`- [${a.title}](${a.path}) (${a.date})`);
    const lead = b.news[0];
    if (lead?.excerpt) out.push("", `**In short**`, lead.excerpt);
    return out;
  },
};
