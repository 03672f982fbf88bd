import { CATEGORY_ROUNDUP, generatedStatus, roundupSlug } from "#worker/features/newsroom/articles.ts";
import { roundupBrief } from "#worker/features/newsroom/briefs.ts";
import { sourcesOf } from "#worker/features/newsroom/provenance.ts";
import { writeAndSave } from "#worker/features/newsroom/publish.ts";
import { readDay, type SnapshotRow } from "#worker/features/newsroom/snapshots.ts";
import { HeldDraftError } from "#worker/features/newsroom/task-errors.ts";
import type { RoundupBrief } from "#worker/ports/llm/llm.ts";
import { freshRows, loadMarket } from "./sentiment-data.ts";
import type { StepContext, TaskDefinition } from "./task.ts";

const KEY = "daily_roundup";

/**
 * The day's rows: the stored LunarCrush snapshot when today's exists (the figures the trending
 * articles use), else the market table with metrics fetched now. The roundup waits for nothing.
 */
async function dayRows(ctx: StepContext): Promise<{ rows: SnapshotRow[]; asOf: string; socialSource: string | null; socialAsOf: string }> {
  return ctx.memo("roundup-rows", async () => {
    const stored = await readDay(ctx.deps.db, ctx.date);
    if (stored.length > 0) {
      const asOf = stored.map((r) => r.marketAsOf).sort()[0] ?? new Date(ctx.deps.now()).toISOString();
      return { rows: stored, asOf, socialSource: stored[0]?.source ?? null, socialAsOf: stored[0]?.fetchedAt ?? asOf };
    }
    const { rows, market, metrics } = await freshRows(ctx);
    return {
      rows,
      asOf: market.updatedAt,
      socialSource: metrics.size > 0 ? ctx.deps.sentiment.source : null,
      socialAsOf: rows[0]?.fetchedAt ?? market.updatedAt,
    };
  });
}

function generationKey(date: string): string {
  return `${date}:${KEY}`;
}

/** `daily_roundup`: one Daily Roundup (category 18) per day reviewing the market and its sentiment. */
export const dailyRoundup: TaskDefinition = {
  key: KEY,
  steps: () => [
    {
      name: "Load market data",
      run: async (ctx) => {
        const existing = await generatedStatus(ctx.deps.db, generationKey(ctx.date));
        // Written and held earlier: a re-run neither publishes it behind the reviewer's back nor writes a second one.
        if (existing === "review") throw new HeldDraftError(`The Daily Roundup of ${ctx.date} is held for review`);
        ctx.state.existing = existing !== null;
        if (ctx.state.existing) return;
        ctx.state.marketAsOf = (await loadMarket(ctx)).updatedAt;
      },
    },
    {
      name: "Load social sentiment",
      run: async (ctx) => {
        if (ctx.state.existing) return;
        const { rows, socialSource } = await dayRows(ctx);
        ctx.state.coins = rows.length;
        ctx.state.socialSource = socialSource;
      },
    },
    {
      name: "Write and check the roundup",
      run: async (ctx) => {
        if (ctx.state.existing) return;
        const [{ rows, asOf, socialSource, socialAsOf }, market] = await Promise.all([dayRows(ctx), loadMarket(ctx)]);
        const brief: RoundupBrief = roundupBrief(ctx.date, asOf, rows, socialSource);
        const saved = await writeAndSave(
          ctx.deps,
          brief,
          { key: generationKey(ctx.date), slug: roundupSlug(ctx.date), categoryId: CATEGORY_ROUNDUP },
          sourcesOf({ source: market.source, asOf }, socialSource ? { source: socialSource, asOf: socialAsOf } : null, ctx.deps.writer),
        );
        if (saved.status === "review") {
          throw new HeldDraftError(`The Daily Roundup was held for review: ${saved.problems.slice(0, 3).join("; ")}`);
        }
        ctx.state.result = saved.status;
        ctx.state.slug = saved.slug;
      },
    },
  ],
};
