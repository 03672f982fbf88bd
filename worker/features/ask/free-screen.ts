import type { AskPlan } from "#schema/contracts/ask-plan.ts";
import { MOVERS_MIN_VOLUME_USD, tradesEnough } from "#schema/contracts/movers.ts";
import { NOT_COUNTED, section } from "./briefs.ts";
import { type FreeBrief, type FreeInput, multiBrief, socialNotes, tableBrief } from "./free-brief-base.ts";
import { METRIC_WORDS } from "./free-compare.ts";
import { type CoinFigures, figuresOf, metricFact, metricValue } from "./free-figures.ts";
import { coinTable, columnsFor, metricColumn } from "./free-tables.ts";

/** Rows the text lists one by one; the table holds every row the plan asked for. */
export const SCREEN_TEXT_ROWS = 10;

const ORDER_WORDS: Record<NonNullable<AskPlan["screen"]>["order"], string> = {
  highest: "highest first",
  lowest: "lowest first",
  biggest_move: "biggest moves either way first",
};

/** The order of a ranking: by value, or by the size of a move; market-cap rank breaks ties. */
function ranked(figures: CoinFigures[], plan: AskPlan): CoinFigures[] {
  const order = plan.screen?.order ?? "highest";
  const key = (f: CoinFigures) => {
    const v = metricValue(f, plan.metric) ?? 0;
    return order === "biggest_move" ? -Math.abs(v) : order === "lowest" ? v : -v;
  };
  return figures.sort((a, b) => key(a) - key(b) || a.coin.rank - b.coin.rank);
}

/**
 * screen: ranks a universe (the top N by market cap, or the member's watchlist) by the plan's metric
 * and lists `limit` rows. The movers' rule holds for changes (schema/contracts/movers.ts): a coin that
 * traded under $50K in 24 hours is left out, its move being noise. A coin without the figure is left
 * out too; the table's note states the universe, the rule and how many were left out.
 */
export async function screenBrief(input: FreeInput): Promise<FreeBrief> {
  const { plan, snapshot } = input;
  const universe = plan.screen?.universe ?? 100;
  const pool = universe === "watchlist" ? (input.watchlist ?? []) : snapshot.coins.filter((c) => c.rank <= universe);
  const { figures, socialDate } = await figuresOf(input, pool, plan.period, plan.metric);
  const withFigure = figures.filter((f) => metricValue(f, plan.metric) != null);
  const thin = plan.metric === "change" ? withFigure.filter((f) => !tradesEnough(f.coin)) : [];
  const rows = ranked(
    withFigure.filter((f) => !thin.includes(f)),
    plan,
  ).slice(0, plan.screen?.limit ?? 10);

  const coins = rows.map((f) => f.coin);
  const brief = multiBrief("screen", coins, input);
  const named: Record<string, ReturnType<typeof metricFact>> = {};
  for (const f of rows.slice(0, SCREEN_TEXT_ROWS)) named[f.coin.id] = metricFact(f, plan.metric, plan.period);
  const col = metricColumn(plan.metric, plan.period);
  section(brief, `The ranking by ${col.label.toLowerCase()}, ${ORDER_WORDS[plan.screen?.order ?? "highest"]}`, named);

  const of = universe === "watchlist" ? "your watchlist" : `the top ${universe} coins by market cap`;
  const notes = [
    `Ranked: ${of}, by ${col.label.toLowerCase()}, ${ORDER_WORDS[plan.screen?.order ?? "highest"]}.`,
    ...(thin.length
      ? [
          `${thin.length} coin${thin.length === 1 ? "" : "s"} that traded under $${MOVERS_MIN_VOLUME_USD / 1000}K in 24 hours left out: their moves are noise.`,
        ]
      : []),
    ...(figures.length > withFigure.length
      ? [
          `${figures.length - withFigure.length} of ${figures.length} left out: Coinsight has not recorded ${METRIC_WORDS[plan.metric] ?? plan.metric} for them.`,
        ]
      : []),
    ...socialNotes(plan.metric, socialDate),
  ];
  const title = `${universe === "watchlist" ? "Your watchlist" : `Top ${universe} coins`} by ${col.label.toLowerCase()}`;
  const table = coinTable(title, rows, columnsFor(plan.metric, plan.period), notes);
  const unanswerable = !rows.length
    ? universe === "watchlist" && !pool.length
      ? `Your watchlist has no coins Coinsight tracks yet, so there is nothing to rank. ${NOT_COUNTED}`
      : `Coinsight has not recorded ${METRIC_WORDS[plan.metric] ?? plan.metric} for any coin of ${of}, so there is nothing to rank. ${NOT_COUNTED}`
    : undefined;
  return tableBrief(brief, input, table, unanswerable);
}
