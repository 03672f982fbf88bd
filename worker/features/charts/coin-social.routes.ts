import { apiContract } from "#schema/contracts/api/index.ts";
import type { CoinSocial } from "#schema/contracts/charts.ts";
import { findBySymbol } from "#worker/features/cryptos/index.ts";
import { latestSnapshotDate, readCoin, utcDate } from "#worker/features/newsroom/index.ts";
import { CACHE_POLICIES } from "#worker/lib/cache-policies.ts";
import { getDb } from "#worker/lib/db.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { edgeCachedJson } from "#worker/lib/edge-cache.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";

/** The snapshot is taken once a day; a new one shows within five minutes. */
const COIN_SOCIAL_CACHE_SECONDS = CACHE_POLICIES.coinSocial.colo;

const { getCoinSocial: social } = apiContract;

/** GET /api/cryptos/{symbol}/social: the coin's row of the newsroom's latest social snapshot. */
export const coinSocialRoutes = contractRoutes(
  route(social, async (c) => {
    const coin = await findBySymbol(runtimeDeps(c), c.req.valid("param").symbol);
    return edgeCachedJson(
      c.req.raw,
      `/api/cryptos/${encodeURIComponent(coin.symbol)}/social`,
      COIN_SOCIAL_CACHE_SECONDS,
      async (): Promise<CoinSocial> => {
        const db = getDb(c.env.DB);
        // The latest day's snapshot as a whole (as Ask reads it): a coin missing from it has no figures, not older ones.
        const date = await latestSnapshotDate(db, utcDate(Date.now()));
        const row = date ? await readCoin(db, date, coin.id) : null;
        if (!row) return { social: null };
        return {
          social: {
            date: row.date,
            source: row.source,
            sentiment: row.sentiment,
            galaxyScore: row.galaxyScore,
            galaxyScorePrevious: row.galaxyScorePrevious,
            altRank: row.altRank,
            altRankPrevious: row.altRankPrevious,
            socialVolume24h: row.socialVolume24h,
            interactions24h: row.interactions24h,
            socialDominance: row.socialDominance,
            categories: row.categories,
          },
        };
      },
      (p) => c.executionCtx.waitUntil(p),
    );
  }),
);
