import { facts, longDate } from "#worker/lib/grounding/index.ts";
import type { Fact } from "#worker/ports/llm/llm.ts";
import { linkText, NOT_COUNTED, section } from "./briefs.ts";
import { findCoverage } from "./coverage.ts";
import { type FreeBrief, type FreeInput, multiBrief, socialNotes, tableBrief } from "./free-brief-base.ts";
import { figuresOf, metricFact, PERIOD_WORDS } from "./free-figures.ts";
import { SCREEN_TEXT_ROWS } from "./free-screen.ts";
import { coinTable, columnsFor } from "./free-tables.ts";

/**
 * watchlist: the signed-in member's coins (those the site tracks, by rank): the plan's metric for
 * each in a table, and the first of them in the text. For news, each coin's newest Coinsight item.
 */
export async function watchlistBrief(input: FreeInput): Promise<FreeBrief> {
  const { plan } = input;
  const coins = input.watchlist ?? [];
  const metric = plan.metric === "news" ? "change" : plan.metric;
  const { figures, socialDate } = await figuresOf(input, coins, plan.period, metric);
  const brief = multiBrief("watchlist", coins, input);
  const named: Record<string, Fact | null> = {};
  const listed = figures.slice(0, SCREEN_TEXT_ROWS);
  if (plan.metric === "news") {
    const newest = await Promise.all(listed.map(async (f) => (await findCoverage(input.d1, f.coin, input.now))[0] ?? null));
    listed.forEach((f, i) => {
      const item = newest[i];
      named[f.coin.id] = item
        ? facts.text(
            `${f.coin.id}.news`,
            `The newest Coinsight item about ${f.coin.name} (link and date)`,
            `${linkText(item)}, ${longDate(item.publishedAt.slice(0, 10))}`,
            {
              subject: f.coin.id,
            },
          )
        : null;
    });
  } else {
    for (const f of listed) named[f.coin.id] = metricFact(f, metric, plan.period);
  }
  section(brief, `Your watchlist over ${PERIOD_WORDS[plan.period]}`, named);
  const more =
    coins.length > SCREEN_TEXT_ROWS
      ? [`The text names the first ${SCREEN_TEXT_ROWS} by market cap; the table lists all ${coins.length}.`]
      : [];
  const table = coinTable(`Your watchlist over ${PERIOD_WORDS[plan.period]}`, figures, columnsFor(metric, plan.period), [
    ...more,
    ...socialNotes(metric, socialDate),
  ]);
  const unanswerable = !coins.length
    ? `Your watchlist has no coins Coinsight tracks yet: add some from a coin page or the markets. ${NOT_COUNTED}`
    : !Object.values(named).some(Boolean)
      ? `Coinsight has nothing recorded for your watchlist's coins to answer that yet. ${NOT_COUNTED}`
      : undefined;
  return tableBrief(brief, input, table, unanswerable);
}
