import { apiContract } from "#schema/contracts/api/index.ts";
import { findBySymbol, priceFeed } from "#worker/features/cryptos/index.ts";
import { runtimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { localOnly } from "#worker/lib/local-only.ts";
import { contractRoutes, route } from "#worker/lib/route.ts";

/**
 * POST /api/dev/alerts/move-price: the offline market walks on from the price the PriceFeed last
 * published, so moving that price and ticking moves the site's price for real (the walk then reverts
 * slowly). The end-to-end journey uses it to cross an alert; production has no such route.
 */
export const alertsDevRoutes = contractRoutes([
  localOnly,
  route(apiContract.devMovePrice, async (c) => {
    const { symbol, percent } = c.req.valid("json");
    const coin = await findBySymbol(runtimeDeps(c), symbol);
    const result = await priceFeed(c.env).movePrice(coin.id, 1 + percent / 100);
    if (!result.ok) throw new ApiError("UNAVAILABLE", `The price feed did not tick: ${result.error}`);
    const moved = result.snapshot.coins.find((x) => x.id === coin.id);
    const fired = await c.env.DB.prepare("SELECT count(*) AS n FROM alerts WHERE coin_id = ?1 AND last_fired_at = ?2")
      .bind(coin.id, result.snapshot.updatedAt)
      .first<{ n: number }>();
    return c.json({ symbol: coin.symbol, price: moved?.priceUsd ?? 0, fired: fired?.n ?? 0 }, 200);
  }),
]);
