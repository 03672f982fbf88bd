import { and, desc, eq, sql } from "drizzle-orm";
import { WATCHLIST_CAP, type WatchlistChange, type WatchlistEntry } from "#schema/contracts/watchlist.ts";
import { watchlist } from "#schema/db/accounts.ts";
import { currentSnapshot, findBySymbol } from "#worker/features/cryptos/index.ts";
import type { Db } from "#worker/lib/db.ts";
import type { RuntimeDeps } from "#worker/lib/deps.ts";
import { ApiError } from "#worker/lib/errors.ts";

/**
 * The member's coins by market cap rank, as the Top 500 lists them (the screen says so), then the
 * coins that left the Top 500 by name (docs/decisions/watchlist/watchlist-order.md). Every query is
 * scoped by the member's id: nobody reads or changes another member's list.
 */
export async function listWatchlist(deps: RuntimeDeps, db: Db, userId: string): Promise<WatchlistEntry[]> {
  const rows = await db.select().from(watchlist).where(eq(watchlist.userId, userId)).orderBy(desc(watchlist.createdAt), desc(watchlist.id));
  if (rows.length === 0) return [];
  const { coins } = await currentSnapshot(deps);
  const byId = new Map(coins.map((c) => [c.id, c]));
  const entries = rows.map((r) => ({
    cryptoSymbol: r.cryptoSymbol,
    cryptoName: r.cryptoName,
    addedAt: r.createdAt,
    coin: byId.get(r.cryptoId) ?? coins.find((c) => c.symbol === r.cryptoSymbol) ?? null,
  }));
  // Ranks change with each tick, so the order is the snapshot's, not a stored one.
  return entries.sort(
    (a, b) =>
      (a.coin?.rank ?? Number.POSITIVE_INFINITY) - (b.coin?.rank ?? Number.POSITIVE_INFINITY) ||
      a.cryptoName.localeCompare(b.cryptoName, "en", { sensitivity: "base" }),
  );
}

export async function isInWatchlist(db: Db, userId: string, symbol: string): Promise<boolean> {
  const rows = await db
    .select({ id: watchlist.id })
    .from(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.cryptoSymbol, symbol.toUpperCase())))
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds a known coin (resolved against the live list; its own name is stored, not the client's).
 * Adding twice changes nothing. The cap is checked in the same statement as the insert, so
 * concurrent adds cannot push a list past it.
 */
export async function addToWatchlist(deps: RuntimeDeps, db: Db, userId: string, symbol: string): Promise<WatchlistChange> {
  const coin = await findBySymbol(deps, symbol);
  const result = await db.run(sql`
    INSERT INTO ${watchlist} (user_id, crypto_symbol, crypto_name, crypto_id)
    SELECT ${userId}, ${coin.symbol}, ${coin.name}, ${coin.id}
    WHERE (SELECT count(*) FROM ${watchlist} WHERE user_id = ${userId}) < ${WATCHLIST_CAP}
    ON CONFLICT (user_id, crypto_symbol) DO NOTHING`);
  const changed = (result.meta.changes ?? 0) > 0;
  if (!changed && !(await isInWatchlist(db, userId, coin.symbol))) {
    throw new ApiError("CONFLICT", `Your watchlist is full (${WATCHLIST_CAP} coins). Remove a coin to add another.`);
  }
  return { success: true, inWatchlist: true, changed, cryptoSymbol: coin.symbol };
}

/** Removing a coin that is not there is not an error: the list ends up as asked. */
export async function removeFromWatchlist(db: Db, userId: string, symbol: string): Promise<WatchlistChange> {
  const wanted = symbol.toUpperCase();
  const result = await db.delete(watchlist).where(and(eq(watchlist.userId, userId), eq(watchlist.cryptoSymbol, wanted)));
  return { success: true, inWatchlist: false, changed: (result.meta.changes ?? 0) > 0, cryptoSymbol: wanted };
}
