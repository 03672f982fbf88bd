/** The prices feature's public face: the top 500, their snapshot, history and formatting (docs/decisions/architecture/feature-faces.md). */

export { PRICES_KEY, PRICES_STATUS_KEY } from "./cache-keys.ts";
export { cryptosRoutes } from "./cryptos.routes.ts";
export { currentSnapshot, findBySymbol, listTop } from "./cryptos.service.ts";
export { priceFeed, REFRESH_MS, type RefreshResult, TOP_COUNT } from "./feed.ts";
export { formatChange, formatPrice, presentAll } from "./present.ts";
export { type FeedStatus, type PriceSnapshot, readSnapshot, toMarketCoin, writeSnapshot } from "./price-snapshot.ts";
export { HISTORY_BUCKET_S, historyBucket, rollUpHistory, writeTick } from "./price-store.ts";
export { readVolumeDayAgo, recordVolumeDayAgo } from "./volume-day-ago.ts";
