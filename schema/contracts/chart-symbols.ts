/**
 * The pieces a chart symbol is built from, without zod: the coin page's chart reads them for every
 * reader, and zod (about 27 kB) should load only where something is validated.
 */

/** The value that records "no TradingView market for this coin" (assistant-plans-admin.md §3). */
export const FAILED_MAPPING = "FAILED";

/** assistant-plans-admin.md §5: exchanges and quotes a chart symbol is built from. */
export const chartExchanges = ["CRYPTO", "COINBASE", "BINANCE", "OKX", "BYBIT", "KUCOIN", "MEXC"] as const;
export const chartQuotes = ["USD", "USDT", "USDC", "USD1", "BUSD", "DAI", "BTC", "ETH"] as const;
