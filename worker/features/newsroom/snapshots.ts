import { and, asc, between, count, desc, eq, isNotNull, lt, lte } from "drizzle-orm";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { RankRange } from "#schema/contracts/newsroom.ts";
import { sentimentSnapshots } from "#schema/db/newsroom.ts";
import type { Db } from "#worker/lib/db.ts";
import type { MarketInput, SocialMetrics } from "#worker/ports/sentiment/sentiment.ts";

export type SnapshotRow = Omit<typeof sentimentSnapshots.$inferSelect, "categories"> & { categories: string[] };

/** The rank bands of the trending tasks and the downloads (assistant-plans-admin.md §9: 1-100, 101-300, 301-500). */
export const BANDS: Record<RankRange, { from: number; to: number }> = {
  "1-100": { from: 1, to: 100 },
  "101-300": { from: 101, to: 300 },
  "301-500": { from: 301, to: 500 },
};

export function toMarketInput(c: Crypto): MarketInput {
  return {
    id: c.id,
    symbol: c.symbol.toLowerCase(),
    name: c.name,
    rank: c.rank,
    price: c.priceUsd,
    change24h: c.change24h,
    change7d: c.change7d,
    marketCap: c.marketCap,
    volume24h: c.volume24h,
  };
}

/** Joins the market rows with their social metrics into the day's rows (metrics null when untracked). */
export function buildRows(
  date: string,
  coins: readonly MarketInput[],
  metrics: Map<string, SocialMetrics>,
  meta: { source: string; marketAsOf: string; fetchedAt: string },
): SnapshotRow[] {
  return coins.map((c) => {
    const m = metrics.get(c.id);
    return {
      date,
      coinId: c.id,
      rank: c.rank,
      symbol: c.symbol,
      name: c.name,
      price: c.price,
      change24h: c.change24h,
      change7d: c.change7d,
      marketCap: c.marketCap,
      volume24h: c.volume24h,
      galaxyScore: m?.galaxyScore ?? null,
      galaxyScorePrevious: m?.galaxyScorePrevious ?? null,
      altRank: m?.altRank ?? null,
      altRankPrevious: m?.altRankPrevious ?? null,
      sentiment: m?.sentiment ?? null,
      socialVolume24h: m?.socialVolume24h ?? null,
      interactions24h: m?.interactions24h ?? null,
      socialDominance: m?.socialDominance ?? null,
      marketDominance: m?.marketDominance ?? null,
      categories: m?.categories ?? [],
      source: meta.source,
      marketAsOf: meta.marketAsOf,
      fetchedAt: meta.fetchedAt,
    };
  });
}

/** D1 allows 100 bound parameters per statement; a row has 23 columns. */
const ROWS_PER_INSERT = 4;

/**
 * Replaces the day's rows of one rank band in one batch (a transaction), so a re-run never leaves
 * a coin that has since left the band, and a reader never sees half a band.
 */
export async function replaceBand(db: Db, date: string, band: { from: number; to: number }, rows: SnapshotRow[]): Promise<number> {
  const inBand = rows.filter((r) => r.rank >= band.from && r.rank <= band.to);
  const values = inBand.map((r) => ({ ...r, categories: JSON.stringify(r.categories) }));
  const inserts = [];
  for (let i = 0; i < values.length; i += ROWS_PER_INSERT) {
    inserts.push(
      db
        .insert(sentimentSnapshots)
        .values(values.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  const remove = db
    .delete(sentimentSnapshots)
    .where(and(eq(sentimentSnapshots.date, date), between(sentimentSnapshots.rank, band.from, band.to)));
  await db.batch([remove, ...inserts]);
  return inBand.length;
}

function parse(row: typeof sentimentSnapshots.$inferSelect): SnapshotRow {
  return { ...row, categories: parseCategories(row.categories) };
}

function parseCategories(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

export async function readBand(db: Db, date: string, band: { from: number; to: number }): Promise<SnapshotRow[]> {
  const rows = await db
    .select()
    .from(sentimentSnapshots)
    .where(and(eq(sentimentSnapshots.date, date), between(sentimentSnapshots.rank, band.from, band.to)))
    .orderBy(asc(sentimentSnapshots.rank));
  return rows.map(parse);
}

export async function readDay(db: Db, date: string): Promise<SnapshotRow[]> {
  return readBand(db, date, { from: 1, to: 10_000 });
}

export async function readCoin(db: Db, date: string, coinId: string): Promise<SnapshotRow | null> {
  const [row] = await db
    .select()
    .from(sentimentSnapshots)
    .where(and(eq(sentimentSnapshots.date, date), eq(sentimentSnapshots.coinId, coinId)))
    .limit(1);
  return row ? parse(row) : null;
}

/** Each coin's categories in a day's snapshot, with the source that filed them (what the Top 500's category filter reads). */
export async function readCategories(db: Db, date: string): Promise<{ coinId: string; source: string; categories: string[] }[]> {
  const rows = await db
    .select({ coinId: sentimentSnapshots.coinId, source: sentimentSnapshots.source, categories: sentimentSnapshots.categories })
    .from(sentimentSnapshots)
    .where(eq(sentimentSnapshots.date, date));
  return rows.map((r) => ({ ...r, categories: parseCategories(r.categories) }));
}

/** How many of the day's rows in a band carry social metrics. */
export async function countTracked(db: Db, date: string, band: { from: number; to: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sentimentSnapshots)
    .where(
      and(
        eq(sentimentSnapshots.date, date),
        between(sentimentSnapshots.rank, band.from, band.to),
        isNotNull(sentimentSnapshots.galaxyScore),
      ),
    );
  return row?.n ?? 0;
}

/** The most recent day with a snapshot, on or before `date`. */
export async function latestSnapshotDate(db: Db, date: string): Promise<string | null> {
  const [row] = await db
    .select({ date: sentimentSnapshots.date })
    .from(sentimentSnapshots)
    .where(lte(sentimentSnapshots.date, date))
    .orderBy(desc(sentimentSnapshots.date))
    .limit(1);
  return row?.date ?? null;
}

/** How long daily snapshots are kept: downloads and retries reach back days, not years. */
export const SNAPSHOT_RETENTION_DAYS = 90;

/** Deletes snapshot days older than the retention window; answers how many rows went. */
export async function pruneSnapshots(db: Db, now: number): Promise<number> {
  const cutoff = new Date(now - SNAPSHOT_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db.delete(sentimentSnapshots).where(lt(sentimentSnapshots.date, cutoff)).returning({ date: sentimentSnapshots.date });
  return rows.length;
}
