import { z } from "zod";
import { cryptoSchema, symbolParam } from "./crypto.ts";

/** A member may follow at most this many coins. */
export const WATCHLIST_CAP = 100;

export const watchlistSymbolParam = z.object({ symbol: symbolParam });

/** POST /api/watchlist/add. The name is informative only: the server stores the coin's own name. */
export const watchlistAddBody = z
  .object({
    cryptoSymbol: symbolParam,
    cryptoName: z.string().trim().min(1).max(100),
  })
  .strict();

/** One followed coin, with today's figures when it is still in the Top 500 (else `coin` is null). */
export const watchlistEntrySchema = z.object({
  cryptoSymbol: z.string(),
  cryptoName: z.string(),
  addedAt: z.string(),
  coin: cryptoSchema.nullable(),
});
export type WatchlistEntry = z.infer<typeof watchlistEntrySchema>;

export const watchlistCheckSchema = z.object({ inWatchlist: z.boolean() });
export type WatchlistCheck = z.infer<typeof watchlistCheckSchema>;

/** The answer to add and remove: the coin's membership after the change. */
export const watchlistChangeSchema = z.object({
  success: z.literal(true),
  inWatchlist: z.boolean(),
  /** False when the request changed nothing (already there, or already gone). */
  changed: z.boolean(),
  cryptoSymbol: z.string(),
});
export type WatchlistChange = z.infer<typeof watchlistChangeSchema>;
