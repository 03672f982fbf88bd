import type { RankRange, TaskKey } from "#schema/contracts/newsroom.ts";
import { CATEGORY_TRENDING, countByTask, generatedExists, trendingSlug } from "#worker/features/newsroom/articles.ts";
import { rankByMomentum, trendingBrief } from "#worker/features/newsroom/briefs.ts";
import { sourcesOf } from "#worker/features/newsroom/provenance.ts";
import { writeAndSave } from "#worker/features/newsroom/publish.ts";
import { BANDS, countTracked, readBand, readCoin } from "#worker/features/newsroom/snapshots.ts";
import { DependencyError, HeldDraftError } from "#worker/features/newsroom/task-errors.ts";
import { loadMarket } from "./sentiment-data.ts";
import type { Step, StepContext, TaskDefinition, TaskState } from "./task.ts";

/** How many coins each trending run writes about. */
export const ARTICLES_PER_BAND = 3;
/** Held picks a band may replace with its next candidate by momentum, so it still publishes its articles. */
export const MAX_REFILLS = 3;

type Pick = { coinId: string; name: string; symbol: string };

function picks(state: TaskState): Pick[] | null {
  return Array.isArray(state.picks) ? (state.picks as Pick[]) : null;
}

function candidates(state: TaskState): Pick[] {
  return Array.isArray(state.candidates) ? (state.candidates as Pick[]) : [];
}

/** A held pick makes room for the band's next candidate: one more write step, up to MAX_REFILLS. */
function refill(state: TaskState): void {
  const chosen = picks(state) ?? [];
  const next = candidates(state).find((c) => !chosen.some((p) => p.coinId === c.coinId));
  if (next && chosen.length < ARTICLES_PER_BAND + MAX_REFILLS) state.picks = [...chosen, next];
}

/** What became of each pick: published, review or existing (shown in the run's state). */
function publishedResult(state: TaskState, coinId: string, status: string): void {
  state.results = { ...(state.results as Record<string, string> | undefined), [coinId]: status };
}

function writeStep(key: TaskKey, range: RankRange, index: number, pick: Pick | undefined): Step {
  return {
    name: pick ? `Write: ${pick.name} (${pick.symbol.toUpperCase()})` : `Write article ${index + 1}`,
    run: async (ctx: StepContext) => {
      const chosen = picks(ctx.state)?.[index];
      if (!chosen) return; // the band had fewer eligible coins than articles
      const generationKey = `${ctx.date}:${key}:${chosen.coinId}`;
      // An article that exists (from an earlier run of this date) is never written again.
      if (await generatedExists(ctx.deps.db, generationKey)) {
        publishedResult(ctx.state, chosen.coinId, "existing");
        return;
      }
      const band = BANDS[range];
      const [row, bandRows, market] = await Promise.all([
        readCoin(ctx.deps.db, ctx.date, chosen.coinId),
        ctx.memo(`band:${range}`, () => readBand(ctx.deps.db, ctx.date, band)),
        loadMarket(ctx),
      ]);
      if (!row) throw new DependencyError(`${chosen.name} is missing from the LunarCrush data of ${ctx.date}`);
      const brief = trendingBrief(ctx.date, row, { ...band, label: range }, bandRows);
      const saved = await writeAndSave(
        ctx.deps,
        brief,
        {
          key: generationKey,
          slug: trendingSlug(row.coinId, ctx.date),
          categoryId: CATEGORY_TRENDING,
          coin: { symbol: row.symbol.toUpperCase(), name: row.name, rank: row.rank },
        },
        sourcesOf({ source: market.source, asOf: row.marketAsOf }, { source: row.source, asOf: row.fetchedAt }, ctx.deps.writer),
      );
      publishedResult(ctx.state, chosen.coinId, saved.status);
      if (saved.status === "review") refill(ctx.state);
    },
  };
}

/**
 * A trending task: on the day's LunarCrush data, picks the coins of its rank band with the
 * strongest social momentum and writes a Trending Analysis (category 17) on each, with its rank.
 */
export function trendingTask(key: TaskKey, range: RankRange): TaskDefinition {
  const band = BANDS[range];
  return {
    key,
    keepOnRestart: (state) => (picks(state) ? { picks: state.picks, candidates: state.candidates } : {}),
    steps: (state) => {
      const chosen = picks(state);
      return [
        {
          name: "Check LunarCrush data",
          run: async (ctx) => {
            const tracked = await countTracked(ctx.deps.db, ctx.date, band);
            if (tracked === 0) throw new DependencyError(`No LunarCrush data for ranks ${range} on ${ctx.date}`);
            ctx.state.tracked = tracked;
          },
        },
        {
          name: "Select coins by social momentum",
          run: async (ctx) => {
            // The first run of a date picks; a re-run keeps the picks, so it can only find its articles written.
            if (picks(ctx.state)) return;
            const rows = await ctx.memo(`band:${range}`, () => readBand(ctx.deps.db, ctx.date, band));
            const ranked = rankByMomentum(rows).map((r): Pick => ({ coinId: r.coinId, name: r.name, symbol: r.symbol }));
            ctx.state.picks = ranked.slice(0, ARTICLES_PER_BAND);
            ctx.state.candidates = ranked.slice(ARTICLES_PER_BAND, ARTICLES_PER_BAND + MAX_REFILLS);
          },
        },
        ...Array.from({ length: Math.max(ARTICLES_PER_BAND, chosen?.length ?? 0) }, (_, i) => writeStep(key, range, i, chosen?.[i])),
        {
          name: "Check the band's articles",
          run: async (ctx) => {
            // Refills replace held picks; once they are spent, an editor has to look at what was held.
            const counts = (await countByTask(ctx.deps.db, ctx.date)).get(key) ?? { published: 0, review: 0 };
            if (counts.review > 0 && counts.published < ARTICLES_PER_BAND) {
              throw new HeldDraftError(
                `${counts.review} of the ${range} analyses held for review and no candidate left to replace them (${counts.published} published)`,
              );
            }
          },
        },
      ];
    },
  };
}

export const trendingTop100 = trendingTask("trending_top_100", "1-100");
export const trending101To300 = trendingTask("trending_101_300", "101-300");
export const trending301To500 = trendingTask("trending_301_500", "301-500");
