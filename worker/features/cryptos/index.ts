/** The prices feature's public face: the top 500, their snapshot, history and formatting (docs/decisions/architecture/feature-faces.md). */

export { PRICES_KEY } from "./cache-keys.ts";
export { cryptosRoutes } from "./cryptos.routes.ts";
export { currentSnapshot, findBySymbol, listTop, pageOfTop } from "./cryptos.service.ts";
export { priceFeed, type TickSubscriber } from "./feed.ts";
export { formatChange, formatPrice, presentAll } from "./present.ts";
export { PriceFeedBase } from "./price-feed.ts";
export { type PriceSnapshot, readSnapshot, writeSnapshot } from "./price-snapshot.ts";
export { historyBucket, rollUpHistory } from "./price-store.ts";
export { readVolumeDayAgo, recordVolumeDayAgo } from "./volume-day-ago.ts";
