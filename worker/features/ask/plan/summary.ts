import type { AskPlan, PlanMetric, PlanPeriod } from "#schema/contracts/ask-plan.ts";

/**
 * The line shown above an answer, written from the plan alone: the same plan always reads the same,
 * and a model's plan is described by the server, never in the model's words.
 */

const OVER: Record<PlanPeriod, string> = {
  "1h": "over the last hour",
  "24h": "over 24 hours",
  "7d": "over 7 days",
  "30d": "over 30 days",
  "1y": "over the last year",
};

const FROM: Record<PlanPeriod, string> = {
  "1h": "from the last hour",
  "24h": "from the last 24 hours",
  "7d": "from the last 7 days",
  "30d": "from the last 30 days",
  "1y": "from the last year",
};

const NOUN: Record<PlanMetric, string> = {
  profile: "profile",
  price: "price",
  change: "price change",
  market_cap: "market cap",
  volume: "trading volume",
  supply: "supply",
  ath: "all-time high and low",
  sentiment: "social sentiment",
  social_volume: "social volume",
  news: "news",
};

/** Figures of the moment: a plan about them says "now", not a period. */
const NOW = new Set<PlanMetric>(["profile", "price", "market_cap", "supply", "ath"]);

/** A screen's rows, as [one, several]. */
function rows(metric: PlanMetric, order: "highest" | "lowest" | "biggest_move"): [string, string] {
  if (order === "biggest_move") return ["biggest mover", "biggest movers"];
  const high = order === "highest";
  switch (metric) {
    case "change":
      return high ? ["biggest gainer", "biggest gainers"] : ["biggest loser", "biggest losers"];
    case "volume":
      return high
        ? ["coin with the most trading volume", "coins with the most trading volume"]
        : ["coin with the least trading volume", "coins with the least trading volume"];
    case "market_cap":
      return high
        ? ["largest coin by market cap", "largest coins by market cap"]
        : ["smallest coin by market cap", "smallest coins by market cap"];
    case "price":
      return high ? ["highest-priced coin", "highest-priced coins"] : ["lowest-priced coin", "lowest-priced coins"];
    case "sentiment":
      return high
        ? ["coin with the most positive sentiment", "coins with the most positive sentiment"]
        : ["coin with the most negative sentiment", "coins with the most negative sentiment"];
    default:
      return high ? ["most-discussed coin", "most-discussed coins"] : ["least-discussed coin", "least-discussed coins"];
  }
}

const list = (names: string[]) => (names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`);

function write(plan: Omit<AskPlan, "kind" | "summary">, names: string[]): string {
  const { intent, metric, period } = plan;
  const coins = list(names);
  const one = names[0] ?? "";
  const when = NOW.has(metric) ? "now" : OVER[period];
  switch (intent) {
    case "about":
      return metric === "profile" ? `About ${one}` : `${one}'s ${NOUN[metric]} ${when}`;
    case "movement":
      return `How ${one}'s price moved ${OVER[period]}`;
    case "range":
      return metric === "ath" ? `${one}'s all-time high and low` : `${one}'s price range ${OVER[period]}`;
    case "sentiment":
      return metric === "sentiment" ? `Social sentiment about ${one} ${OVER[period]}` : `How much people post about ${one} ${OVER[period]}`;
    case "news":
      return `Coinsight's news about ${coins} ${FROM[period]}`;
    case "compare":
      return metric === "change" ? `Comparing ${coins} ${OVER[period]}` : `Comparing the ${NOUN[metric]} of ${coins} ${when}`;
    case "watchlist":
      if (metric === "change") return `How your watchlist moved ${OVER[period]}`;
      if (metric === "news") return `Coinsight's news about your watchlist ${FROM[period]}`;
      return `Your watchlist's ${NOUN[metric]} ${when}`;
    case "screen": {
      const screen = plan.screen;
      if (!screen) return "";
      const [single, several] = rows(metric, screen.order);
      if (screen.universe === "watchlist") {
        return screen.limit === 1
          ? `The ${single} in your watchlist ${OVER[period]}`
          : `The ${screen.limit} ${several} in your watchlist ${OVER[period]}`;
      }
      if (metric === "market_cap" && screen.order === "highest" && screen.limit === screen.universe) {
        return `The top ${screen.universe} coins by market cap ${OVER[period]}`;
      }
      const what = screen.limit === 1 ? `The ${single}` : `The ${screen.limit} ${several}`;
      return `${what} in the top ${screen.universe} ${OVER[period]}`;
    }
  }
}

/** The plan's summary in coin names, or in tickers when five long names would not fit on the line. */
export function summarize(plan: Omit<AskPlan, "kind" | "summary">): string {
  const named = write(
    plan,
    plan.coins.map((c) => c.name),
  );
  return named.length <= 200
    ? named
    : write(
        plan,
        plan.coins.map((c) => c.symbol.toUpperCase()),
      );
}
