import { z } from "zod";
import { articleSummarySchema } from "./article.ts";
import { cryptoSchema } from "./crypto.ts";

/** Ranges of GET /api/cryptos/{symbol}/history. */
export const historyRanges = ["24h", "7d", "30d", "1y", "max"] as const;
export type HistoryRange = (typeof historyRanges)[number];
export const historyQuery = z.object({ range: z.enum(historyRanges).default("30d") }).strict();

/** Price points as [unix seconds, USD price], oldest first. Missing days are absent (gaps), never filled. */
export const historySchema = z.object({
  symbol: z.string(),
  id: z.string(),
  range: z.enum(historyRanges),
  /** Spacing the points were thinned to, in seconds; a wider distance between two points is a gap. */
  step: z.number().int(),
  /** The first point may be the last price recorded before the range, when the line from it reaches the range's start. */
  points: z.array(z.tuple([z.number().int(), z.number()])),
  /**
   * Whether the recorded prices reach back to the range's start (`complete`), and the time of the first
   * point (`from`, null without one): a range they do not reach is not drawn, and the page says how
   * much is recorded (docs/decisions/charts/draw-only-what-is-recorded.md).
   */
  recorded: z.object({ complete: z.boolean(), from: z.number().int().nullable() }),
});
export type Recorded = z.infer<typeof historySchema>["recorded"];
export type History = z.infer<typeof historySchema>;

export { FAILED_MAPPING } from "./chart-symbols.ts";

/** "EXCHANGE:BASEQUOTE" as TradingView spells it, or FAILED. */
export const tradingViewSymbol = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^(FAILED|[A-Z0-9_]{1,20}:[A-Z0-9._]{2,40})$/, 'Use "EXCHANGE:PAIR" in capitals, e.g. "BINANCE:BTCUSDT", or FAILED');

export const mappingBody = z
  .object({
    symbol: z
      .string()
      .trim()
      .min(1)
      .max(32)
      .regex(/^[\p{L}\p{N}._-]+$/u),
    coinName: z.string().trim().min(1).max(100),
    tradingViewSymbol,
    isHidden: z.boolean().default(false),
  })
  .strict();
export type MappingBody = z.infer<typeof mappingBody>;

/** GET /api/tradingview-mappings/{SYMBOL}: null symbol when the coin has no mapping. */
export const mappingSchema = z.object({ tradingviewSymbol: z.string().nullable(), isHidden: z.boolean() });
export type Mapping = z.infer<typeof mappingSchema>;

/** A tracked coin without a mapping: the fields of the coin (crypto.ts) the Chart Mappings tab shows. */
export const unmappedCoinSchema = cryptoSchema.pick({
  id: true,
  rank: true,
  name: true,
  symbol: true,
  imageUrl: true,
  price: true,
  marketCap: true,
});
export type UnmappedCoin = z.infer<typeof unmappedCoinSchema>;

export const unmappedListSchema = z.object({
  coins: z.array(unmappedCoinSchema),
  total: z.number().int(),
  mapped: z.number().int(),
  /** Mapped share of the tracked coins, in percent with one decimal. */
  coverage: z.number(),
});
export type UnmappedList = z.infer<typeof unmappedListSchema>;

export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), admins: z.number().int(), premium: z.number().int(), regular: z.number().int() }),
  articles: z.number().int(),
  tradingview: z.object({ total: z.number().int(), mapped: z.number().int(), unmapped: z.number().int(), coverage: z.number() }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** GET /api/market/global: the market strip under the header. */
export const globalMarketSchema = z.object({
  totalMarketCap: z.number(),
  /**
   * The total's change over 24 hours, in percent: each coin's market cap a day ago read from its 24 h
   * price change (supply held), over the coins that have both. Null when none has.
   */
  marketCapChange24h: z.number().nullable(),
  volume24h: z.number(),
  /**
   * The tracked coins' 24 h volume as the price feed recorded it 24 hours ago (its 5-minute point
   * nearest a day ago, within 30 minutes), so the strip can give the volume's change as the live
   * volume moves. Null until the feed has recorded volumes for a day (a fresh replay has none).
   */
  volumeDayAgo: z.number().nullable(),
  /** Bitcoin's share of the tracked coins' market cap, in percent. */
  btcDominance: z.number().nullable(),
  /** The newsroom's latest social snapshot: mean positive share (0-100) across the coins that have one. */
  sentiment: z
    .object({
      average: z.number(),
      date: z.string(),
      coins: z.number().int(),
      /** "lunarcrush", or "offline": the Coinsight sentiment model, a modelled figure the strip labels so. */
      source: z.string(),
    })
    .nullable(),
  updatedAt: z.string(),
});
export type GlobalMarket = z.infer<typeof globalMarketSchema>;

/** GET /api/cryptos/{symbol}/articles?limit=: the latest public articles about one coin. */
export const coinArticlesQuery = z.object({ limit: z.coerce.number().int().min(1).max(20).default(5) }).strict();
export const coinArticlesSchema = z.object({ articles: z.array(articleSummarySchema) });

/**
 * GET /api/cryptos/{symbol}/social: the coin's figures in the newsroom's latest social snapshot (what
 * its articles are written from), or null when the snapshot has no row for it. Each figure is null
 * when the source does not report it.
 */
export const coinSocialSchema = z.object({
  social: z
    .object({
      /** The snapshot's day (YYYY-MM-DD). */
      date: z.string(),
      /** "lunarcrush", or "offline": Coinsight's sentiment model, which the page labels as modelled. */
      source: z.string(),
      /** Percent of posts, weighted by interactions, that are positive (0-100). */
      sentiment: z.number().nullable(),
      galaxyScore: z.number().nullable(),
      galaxyScorePrevious: z.number().nullable(),
      altRank: z.number().int().nullable(),
      altRankPrevious: z.number().int().nullable(),
      socialVolume24h: z.number().nullable(),
      interactions24h: z.number().nullable(),
      /** Percent of all social volume. */
      socialDominance: z.number().nullable(),
      categories: z.array(z.string()),
    })
    .nullable(),
});
export type CoinSocial = z.infer<typeof coinSocialSchema>;
