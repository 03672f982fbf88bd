/** KV keys of the price feed, in a module without Worker types so that the seed script can name them too. */

/** The KV key every price read serves; written by the PriceFeed once per tick. */
export const PRICES_KEY = "prices:latest";
/** The KV key of the market table's 7-day sparklines. */
export const SPARKLINE_KEY = "sparklines:7d";
/** Health of the feed (last success, last failure), for admins and for logs. */
export const PRICES_STATUS_KEY = "prices:status";
