import type { QuestionType } from "#schema/contracts/ask.ts";
import type { AnswerBrief, Answerer, AnswerKind } from "./answer.ts";
import { FREE_WRITERS } from "./offline/answers-free.ts";

export const OFFLINE_ANSWER_MODEL = "coinsight-answer-templates";

/**
 * The offline answerer: plain, readable answers composed from the brief's facts. Like a live model
 * it cites each figure as `{{id}}` and never types one, so its answers pass the same claim check and
 * the server writes the figures in.
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

/** The answer for one brief, with citations (exported for tests of the wording). */
export function compose(brief: AnswerBrief): string {
  const cite = (key: string) => {
    const f = brief.named[key];
    return f ? `{{${f.id}}}` : undefined;
  };
  const lines = ALL_WRITERS[brief.questionType](brief, cite);
  return [...lines, ...(brief.notes.length ? ["", ...brief.notes] : [])].join("\n").trim();
}

/** The citation of a named fact, or undefined when the brief does not have it. */
type Cite = (key: string) => string | undefined;
type Writer = (b: AnswerBrief, cite: Cite) => string[];

const present = (lines: (string | null)[]) => lines.filter((l): l is string => l !== null);

const WRITERS: Record<QuestionType, Writer> = {
  about(b, cite) {
    const { name, symbol } = b.coin;
    const out = [`## About ${name} (${symbol})`, ""];
    const rank = cite("rank");
    const cap = cite("marketCap");
    const volume = cite("volume24h");
    // Each sentence is a frame of the claim check and cites what it says; a figure the brief lacks is left out, not described.
    const price = cite("price");
    out.push(
      [
        rank ? `${name} is ranked ${rank} by market capitalisation${cap ? `, with a market cap of ${cap}` : ""}.` : null,
        price ? `${rank ? "It" : name} trades at ${price}${volume ? `, with ${volume} traded in the last day` : ""}.` : null,
      ]
        .filter((x): x is string => x !== null)
        .join(" "),
    );
    const categories = cite("categories");
    if (categories) out.push("", "**Category**", `${name} is filed under ${categories}.`);
    const supply = present([
      // Each supply fact is written with its unit ("19.80 M BTC").
      cite("circulating") ? `- Circulating supply: ${cite("circulating")}` : null,
      cite("total") ? `- Total supply: ${cite("total")}` : null,
      cite("max") ? `- Maximum supply: ${cite("max")}` : "- Maximum supply: none set (or not reported)",
      cite("circulatingShare") ? `- In circulation: ${cite("circulatingShare")} of the maximum supply` : null,
    ]);
    out.push("", "**Supply**", ...supply);
    return out;
  },

  price_movement(b, cite) {
    const { name } = b.coin;
    const out = [`## How ${name} has moved`, ""];
    const moves = present([
      cite("change1h") ? `- Last hour: ${cite("change1h")}` : null,
      cite("change24h") ? `- Last 24 hours: ${cite("change24h")}` : null,
      cite("change7d") ? `- Last 7 days: ${cite("change7d")}` : null,
    ]);
    out.push(
      `${name} trades at ${cite("price")}.`,
      "",
      ...(moves.length ? moves : ["- No recent price changes are reported for this coin."]),
    );
    if (cite("change24h") && cite("marketMedian24h") && cite("top100")) {
      const coin = b.named.change24h?.value ?? 0;
      const market = b.named.marketMedian24h?.value ?? 0;
      out.push(
        "",
        "**The market context**",
        `Across the ${cite("top100")} coins, the median price change over the same 24 hours was ${cite("marketMedian24h")}, ` +
          `so ${name} did ${coin > market ? "better than" : coin < market ? "worse than" : "the same as"} the typical large coin.`,
      );
    }
    if (cite("typicalDailyMove") && cite("moveVsTypical")) {
      const times = b.named.moveVsTypical?.value ?? 0;
      out.push(
        "",
        "**Its usual swings**",
        `On a usual day, ${name}'s price moves by about ${cite("typicalDailyMove")}, its realised daily volatility. ` +
          `Today's move is ${cite("moveVsTypical")} times that: ${times >= 2 ? "an unusually large move" : times >= 1 ? "a larger move than usual" : "within its usual range"}.`,
      );
    }
    out.push("", "The figures show what happened, not why: the data does not say what drove the move.");
    return out;
  },

  future_price(b, cite) {
    const { name } = b.coin;
    const out = [`## ${name}'s price range from its past volatility`, ""];
    if (!cite("range7d") || !cite("range30d")) {
      out.push(
        `${name} trades at ${cite("price")}. Coinsight does not hold enough daily price history for ${name} yet to compute a range from its realised volatility.`,
      );
      return out;
    }
    out.push(
      `${name} trades at ${cite("price")}. ${cite("period") ? `Measured on ${cite("period")}` : `Over the last ${cite("returnsUsed")} daily moves`}, its realised volatility was ${cite("dailyVolatility")} a day.`,
      "",
      `If it kept moving the way it has, its price would stay inside each of these ranges about ${cite("confidence")} of the time:`,
      `- ${cite("range7d")}`,
      `- ${cite("range30d")}`,
      "",
      "The range only restates how much the price has moved in the past. News, liquidity and the wider market can take it outside the range at any time.",
    );
    return out;
  },

  social_sentiment(b, cite) {
    const { name } = b.coin;
    const out = [`## Social sentiment for ${name}`, ""];
    if (!cite("galaxyScore") && !cite("sentiment")) {
      out.push(`The newsroom's social data does not track ${name} today, so there is no sentiment reading to report.`);
      return out;
    }
    const items = present([
      cite("sentiment") ? `- Sentiment: ${cite("sentiment")} of posts are positive` : null,
      cite("galaxyScore")
        ? `- Galaxy Score: ${cite("galaxyScore")}${cite("galaxyChange") ? ` (${cite("galaxyChange")} points on the day)` : ""}`
        : null,
      cite("altRank") ? `- AltRank: ${cite("altRank")}` : null,
      cite("socialVolume") ? `- Posts in the last day: ${cite("socialVolume")}` : null,
      cite("interactions") ? `- Interactions in the last day: ${cite("interactions")}` : null,
      cite("socialDominance") ? `- Share of all crypto social activity: ${cite("socialDominance")}` : null,
    ]);
    const s = b.named.sentiment?.value;
    // A mood is a claim about the share of positive posts, so it cites that share.
    const lean =
      s === undefined ? "" : s >= 70 ? "is clearly positive" : s > 50 ? "leans positive" : s < 50 ? "leans negative" : "is evenly balanced";
    const mood = lean ? `The mood around ${name} ${lean}, at ${cite("sentiment")} positive posts.` : "";
    out.push(`Here is what the newsroom's social data shows for ${name}. ${mood}`.trim(), "", ...items);
    out.push("", "Social mood can change quickly and does not decide prices on its own.");
    return out;
  },

  latest_news(b, cite) {
    const { name } = b.coin;
    const out = [`## Latest on Coinsight about ${name}`, ""];
    if (!cite("news1")) {
      out.push(
        `Coinsight has not published an article about ${name} yet. Coin analyses appear when a coin trends in the newsroom's daily run.`,
      );
      return out;
    }
    out.push(`The newest articles from the Coinsight newsroom about ${name}:`, "");
    for (let n = 1; cite(`news${n}`); n++) {
      const date = cite(`news${n}Date`);
      out.push(`- ${cite(`news${n}`)}${date ? ` (${date})` : ""}`);
    }
    // One line per kind of coverage: what each says about this coin (the brief gives only those).
    const summaries: string[] = [];
    for (let n = 1; cite(`news${n}`); n++) {
      const summary = cite(`news${n}Summary`);
      if (summary) summaries.push(`- ${summary}`);
    }
    if (summaries.length) out.push("", "**In short**", ...summaries);
    return out;
  },
};

/**
 * The news of several coins: the card's latest_news answer for each, in turn, read from the facts
 * keyed `<coin id>:<key>` (one brief, so the check reads every coin's lines together).
 */
const severalNews: Writer = (b, cite) =>
  b.entities.flatMap((e, i) => {
    const coin = { id: e.id, name: e.name, symbol: e.symbol };
    // Each item names its coin: with several coins in the brief, a line that names none has no subject.
    const lines = WRITERS.latest_news({ ...b, coin }, (key) => cite(`${e.id}:${key}`)).map((l) =>
      l.startsWith("- {{") ? `- ${e.name}: ${l.slice(2)}` : l,
    );
    return i ? ["", ...lines] : lines;
  });

/** The card's five questions and the free-text answers about several coins or a range (offline/answers-free.ts). */
const ALL_WRITERS: Record<AnswerKind, Writer> = { ...WRITERS, ...FREE_WRITERS, news: severalNews };
