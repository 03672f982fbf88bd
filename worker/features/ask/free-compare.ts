import { NOT_COUNTED, section } from "./briefs.ts";
import { type FreeBrief, type FreeInput, multiBrief, namesOf, socialNotes, tableBrief } from "./free-brief-base.ts";
import { type CoinFigures, figuresOf, metricFact, metricValue, PERIOD_WORDS } from "./free-figures.ts";
import { coinTable, columnsFor } from "./free-tables.ts";

/** What each metric is called where a refusal says it is missing. */
export const METRIC_WORDS: Record<string, string> = {
  change: "a price change",
  price: "a price",
  market_cap: "a market cap",
  volume: "a 24-hour trading volume",
  supply: "a circulating supply",
  sentiment: "a social sentiment reading",
  social_volume: "a count of social posts",
};

/** Highest first; coins without the figure last, in the order given. */
export function byMetricDesc(figures: readonly CoinFigures[], metric: FreeInput["plan"]["metric"]): CoinFigures[] {
  return [...figures].sort(
    (a, b) => (metricValue(b, metric) ?? Number.NEGATIVE_INFINITY) - (metricValue(a, metric) ?? Number.NEGATIVE_INFINITY),
  );
}

/**
 * compare: the plan's metric over its period for each of 2-5 coins, one fact each (the writer
 * compares the changes the facts give), and a table of them side by side, highest first.
 */
export async function compareBrief(input: FreeInput): Promise<FreeBrief> {
  const { plan, coins } = input;
  const { figures, socialDate } = await figuresOf(input, coins, plan.period, plan.metric);
  const brief = multiBrief("compare", coins, input);
  const named: Record<string, ReturnType<typeof metricFact>> = {};
  for (const f of figures) named[f.coin.id] = metricFact(f, plan.metric, plan.period);
  section(brief, `${namesOf(coins)}: ${METRIC_WORDS[plan.metric]?.replace(/^an? /, "") ?? plan.metric} compared`, named);
  const table = coinTable(
    `${namesOf(coins)} over ${PERIOD_WORDS[plan.period]}`,
    byMetricDesc(figures, plan.metric),
    columnsFor(plan.metric, plan.period),
    socialNotes(plan.metric, socialDate),
  );
  const recorded = figures.filter((f) => named[f.coin.id]);
  const unanswerable =
    recorded.length < 2
      ? `Coinsight has not recorded ${METRIC_WORDS[plan.metric] ?? plan.metric}${plan.metric === "change" ? ` over ${PERIOD_WORDS[plan.period]}` : ""} for enough of ${namesOf(coins)} to compare them. ${NOT_COUNTED}`
      : undefined;
  return tableBrief(brief, input, table, unanswerable);
}
