import { z } from "zod";
import { cryptoSchema } from "./crypto.ts";
import { LIVE_MAX_TOPICS, LIVE_PAGES } from "./live-protocol.ts";

/**
 * Live prices over one WebSocket per open page (GET /api/live; docs/decisions/markets/live-prices.md).
 * A client names its topics when it connects; each price tick then brings one message per topic with
 * the rows whose figures changed, each field only when it changed. Every message carries the tick id
 * and the one before it, so a client that sees a tick it did not expect asks for what it missed.
 */

export { LIVE_CLOSE, LIVE_MAX_MESSAGE_BYTES, LIVE_PAGES, pageTopic } from "./live-protocol.ts";

/**
 * The closed set of topics: the strip, a page of the table, one tracked coin (its CoinGecko id; the
 * server also refuses an id it does not track). Anything else is refused before a socket opens.
 */
export const liveTopic = z.union([
  z.literal("global"),
  z.enum(Array.from({ length: LIVE_PAGES }, (_, i) => `top:${i + 1}` as const) as [`top:${number}`, ...`top:${number}`[]]),
  z.string().regex(/^coin:[a-z0-9][a-z0-9-]{0,79}$/, "coin topics are coin:<coingecko id>"),
]);
export type LiveTopic = z.infer<typeof liveTopic>;

/** GET /api/live?topics=global,top:1&since=42: `since` is the last tick a reconnecting client holds. */
export const liveQuery = z
  .object({
    topics: z
      .string()
      .max(400)
      .transform((s) => [...new Set(s.split(",").filter(Boolean))])
      .pipe(z.array(liveTopic).min(1).max(LIVE_MAX_TOPICS)),
    since: z.coerce.number().int().min(0).optional(),
  })
  .strict();

/**
 * What a client may say. `resume`: send what changed after tick `since` (a gap was seen). A ping is
 * the plain text `ping`, answered `pong` by the runtime without waking the object.
 */
export const liveClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("resume"), since: z.number().int().min(0) }).strict(),
]);

/** The figures of a row that move with a tick; the rest of a coin (name, supplies, all-time high) does not. */
export const LIVE_FIELDS = [
  "rank",
  "price",
  "priceUsd",
  "priceBtc",
  "price1h",
  "price24h",
  "price7d",
  "change1h",
  "change24h",
  "change7d",
  "marketCap",
  "volume24h",
  "high24h",
  "low24h",
  "lastUpdated",
  "isGainer",
  "isLoser",
] as const satisfies readonly (keyof z.infer<typeof cryptoSchema>)[];
type LiveField = (typeof LIVE_FIELDS)[number];

/** A changed row: the coin's id and symbol, and only the live fields that changed (all of them in a full message). */
export const liveRow = cryptoSchema
  .pick(Object.fromEntries(LIVE_FIELDS.map((f) => [f, true])) as { [K in LiveField]: true })
  .partial()
  .extend({ id: z.string(), symbol: z.string() })
  .strict();
export type LiveRow = z.infer<typeof liveRow>;

/** The strip's figures that move with a tick (its sentiment is the newsroom's, once a day). */
export const liveGlobal = z
  .object({
    totalMarketCap: z.number(),
    marketCapChange24h: z.number().nullable(),
    volume24h: z.number(),
    btcDominance: z.number().nullable(),
    updatedAt: z.string(),
  })
  .strict();
export type LiveGlobal = z.infer<typeof liveGlobal>;

/** The snapshot's time and id of a tick, as every message carries them. */
const tickIds = { tick: z.number().int().min(0), prev: z.number().int().min(0).nullable(), at: z.string() };

export const liveServerMessage = z.discriminatedUnion("type", [
  /**
   * One topic's changes in tick `tick`; `prev` is the tick the rows are relative to (the client's
   * `since` in an answer to a resume). `full`: every row of the topic, all fields (first message,
   * or a resume from a tick the server no longer knows).
   */
  z.object({ type: z.literal("tick"), ...tickIds, topic: liveTopic, full: z.boolean(), rows: z.array(liveRow) }).strict(),
  z.object({ type: z.literal("global"), ...tickIds, global: liveGlobal }).strict(),
  /** A refused message, sent just before the server closes the socket with the same reason. */
  z.object({ type: z.literal("error"), code: z.enum(["BAD_REQUEST", "RATE_LIMITED", "PAYLOAD_TOO_LARGE"]), message: z.string() }).strict(),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
