import { z } from "zod";

/** Symbols as CoinGecko spells them: letters (any script, e.g. "币安人生"), digits and a few separators. */
export const symbolParam = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{N}._-]+$/u, "Symbol may only contain letters, digits, '.', '_' and '-'");

/** Path parameters of the per-coin routes (/api/cryptos/:symbol and the routes under it). */
export const symbolParams = z.object({ symbol: symbolParam });

/** GET /api/cryptos/symbol-by-name/:name. */
export const coinNameParams = z.object({ name: z.string().trim().min(1).max(100) });

/** Columns the paged list sorts by, across all tracked coins (unknown values always last). */
export const cryptoSortKeys = ["rank", "name", "price", "change1h", "change24h", "change7d", "marketCap", "volume24h"] as const;
export type CryptoSortKey = (typeof cryptoSortKeys)[number];

/** Query of GET /api/cryptos. `page` switches the answer to the paged shape, which `sort` and `order` order. */
export const cryptoListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(500).optional(),
    page: z.coerce.number().int().min(1).max(1000).optional(),
    fromDb: z.enum(["true", "false"]).optional(),
    sort: z.enum(cryptoSortKeys).optional(),
    order: z.enum(["asc", "desc"]).optional(),
  })
  .strict();

export const moversQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }).strict();

export const coinQuery = z.object({ fromDb: z.enum(["true", "false"]).optional() }).strict();

/** A coin as every list and detail call returns it: numbers for sorting, text for display. */
export const cryptoSchema = z.object({
  id: z.string(),
  rank: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  imageUrl: z.string(),
  /** Display price, e.g. "$64,039.00" or "$0.00001234". */
  price: z.string(),
  priceUsd: z.number(),
  /** Price in BTC as text with up to 8 decimals. */
  priceBtc: z.string(),
  /** Signed percentage text: "+2.31%", "-0.52%" ("0.00%" when unknown). */
  price1h: z.string(),
  price24h: z.string(),
  price7d: z.string(),
  change1h: z.number().nullable(),
  change24h: z.number().nullable(),
  change7d: z.number().nullable(),
  marketCap: z.number(),
  /** Null when the source does not report it (offline ranks 251-500): shown as unknown. */
  volume24h: z.number().nullable(),
  circulatingSupply: z.number().nullable(),
  totalSupply: z.number().nullable(),
  maxSupply: z.number().nullable(),
  /** Market cap at the maximum (or else total) supply; null when the source does not report it. */
  fullyDilutedValuation: z.number().nullable(),
  high24h: z.number().nullable(),
  low24h: z.number().nullable(),
  /** All-time high and low in USD, with the ISO time each was reached; null when unknown. */
  ath: z.number().nullable(),
  athDate: z.string().nullable(),
  atl: z.number().nullable(),
  atlDate: z.string().nullable(),
  lastUpdated: z.string(),
  isGainer: z.boolean(),
  isLoser: z.boolean(),
});
export type Crypto = z.infer<typeof cryptoSchema>;

/**
 * A coin as a page of the Top 500 answers it: the spec's Coin (assistant-plans-admin.md §3), with
 * what a row draws and sorts by (crypto-table.tsx) and the `lastUpdated` the cache's newer-price
 * rule reads. Not the 24h range, all-time figures or fully diluted value, which only a coin's page
 * shows: 100 rows of them were a sixth of the Top 500's hydration answer, written into and gzipped
 * with every first render of the page (docs/decisions/performance/first-render-budget.md).
 */
export const cryptoRowSchema = cryptoSchema.omit({
  fullyDilutedValuation: true,
  high24h: true,
  low24h: true,
  ath: true,
  athDate: true,
  atl: true,
  atlDate: true,
});
export type CryptoRow = z.infer<typeof cryptoRowSchema>;
export const CRYPTO_ROW_FIELDS = Object.keys(cryptoRowSchema.shape) as (keyof CryptoRow)[];

/** The coin as a page's row answers it: its `CRYPTO_ROW_FIELDS`, without parsing (100 rows per page read). */
export function cryptoRow(coin: Crypto): CryptoRow {
  const row: Partial<Record<keyof CryptoRow, unknown>> = {};
  for (const key of CRYPTO_ROW_FIELDS) row[key] = coin[key];
  return row as CryptoRow;
}

export const cryptoPageSchema = z.object({
  data: z.array(
    cryptoRowSchema.extend({
      /**
       * The row's "Last 7 days": 43 four-hour slots, oldest first, null where no price was recorded; the
       * whole series is null unless recorded prices cover the 7 days (docs/decisions/charts/draw-only-what-is-recorded.md).
       */
      sparkline: z.array(z.number().nullable()).nullable(),
      /** Hours of the last 7 days (at most 168) that the recorded prices ending now cover: what a missing sparkline says it has. */
      sparklineHours: z.number().int().min(0),
    }),
  ),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
});
export type CryptoPage = z.infer<typeof cryptoPageSchema>;

export const symbolByNameSchema = z.object({ symbol: z.string(), name: z.string() });

/** GET /api/cryptos without `page`: the tracked coins by rank. */
export const cryptoListSchema = z.array(cryptoSchema);
