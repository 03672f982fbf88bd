import { rankRanges } from "#schema/contracts/newsroom.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { BANDS, buildRows, countTracked, replaceBand, type SnapshotRow, toMarketInput } from "#worker/features/newsroom/snapshots.ts";
import { guardProduction, StaleMarketError, ValidationError } from "#worker/features/newsroom/task-errors.ts";
import type { MarketInput, SocialMetrics } from "#worker/ports/sentiment/sentiment.ts";
import type { StepContext, TaskDefinition } from "./task.ts";

/** Older market data fails the task for a person to look at: it must never be written up as "the past 24 hours". */
export const MAX_MARKET_AGE_MS = 30 * 60_000;

/** The market table of this invocation, fresh, and live in production. */
export function loadMarket(ctx: StepContext): Promise<PriceSnapshot> {
  return ctx.memo("market", async () => {
    const snapshot = await ctx.deps.market();
    if (snapshot.coins.length === 0) throw new ValidationError("The market table is empty");
    guardProduction(ctx.deps, { market: snapshot.source });
    const age = ctx.deps.now() - Date.parse(snapshot.updatedAt);
    if (!(age <= MAX_MARKET_AGE_MS)) {
      throw new StaleMarketError(
        `The market data is ${Math.round(age / 60_000)} minutes old (as of ${snapshot.updatedAt}); articles need data at most ${MAX_MARKET_AGE_MS / 60_000} minutes old`,
      );
    }
    return snapshot;
  });
}

export function marketInputs(snapshot: PriceSnapshot): MarketInput[] {
  return snapshot.coins.slice(0, 500).map(toMarketInput);
}

/** The social metrics of this invocation, fetched once through the sentiment port. */
export function loadMetrics(ctx: StepContext): Promise<{ metrics: Map<string, SocialMetrics>; fetchedAt: string }> {
  return ctx.memo("metrics", async () => {
    const market = await loadMarket(ctx);
    guardProduction(ctx.deps, { social: ctx.deps.sentiment.source });
    const metrics = await ctx.deps.sentiment.fetchMetrics(marketInputs(market), ctx.date);
    return { metrics, fetchedAt: new Date(ctx.deps.now()).toISOString() };
  });
}

/** The day's snapshot rows from the market table and the metrics of this invocation. */
export async function freshRows(
  ctx: StepContext,
): Promise<{ rows: SnapshotRow[]; market: PriceSnapshot; metrics: Map<string, SocialMetrics> }> {
  const market = await loadMarket(ctx);
  const { metrics, fetchedAt } = await loadMetrics(ctx);
  const rows = buildRows(ctx.date, marketInputs(market), metrics, {
    source: ctx.deps.sentiment.source,
    marketAsOf: market.updatedAt,
    fetchedAt,
  });
  return { rows, market, metrics };
}

/** Below this share of coins with social metrics, a fetch is treated as broken rather than stored. */
const MIN_COVERAGE = 0.2;

/**
 * `lunarcrush_data`: the day's social metrics for ranks 1-500, stored per rank band so each write
 * is one bounded transaction. Re-running a date replaces its rows. The key, the admin API's paths
 * and the download's file name keep the spec's vendor name (assistant-plans-admin.md); the code calls
 * it after its port, sentiment (docs/decisions/architecture/names.md).
 */
export const sentimentData: TaskDefinition = {
  key: "lunarcrush_data",
  steps: () => [
    {
      name: "Load market data",
      run: async (ctx) => {
        const market = await loadMarket(ctx);
        ctx.state.marketAsOf = market.updatedAt;
        ctx.state.coins = Math.min(500, market.coins.length);
      },
    },
    {
      name: "Fetch social metrics",
      run: async (ctx) => {
        const { metrics } = await loadMetrics(ctx);
        const coins = Number(ctx.state.coins) || 1;
        if (metrics.size / coins < MIN_COVERAGE) {
          throw new ValidationError(`Social metrics covered only ${metrics.size} of ${coins} coins`);
        }
        ctx.state.source = ctx.deps.sentiment.source;
        ctx.state.tracked = metrics.size;
      },
    },
    ...rankRanges.map((range) => ({
      name: `Store ranks ${range}`,
      run: async (ctx: StepContext) => {
        const { rows } = await freshRows(ctx);
        ctx.state[`stored_${range}`] = await replaceBand(ctx.deps.db, ctx.date, BANDS[range], rows);
      },
    })),
    {
      name: "Verify snapshot",
      run: async (ctx) => {
        const tracked = await countTracked(ctx.deps.db, ctx.date, { from: 1, to: 500 });
        if (tracked === 0) throw new ValidationError(`No coin of ${ctx.date} has social metrics after storing`);
        ctx.state.verified = tracked;
      },
    },
  ],
};
