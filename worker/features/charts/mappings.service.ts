import { count, eq, isNull, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { type AdminStats, FAILED_MAPPING, type Mapping, type MappingBody, type UnmappedList } from "#schema/contracts/charts.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { users } from "#schema/db/accounts.ts";
import { tradingviewMappings } from "#schema/db/charts.ts";
import { articles } from "#schema/db/content.ts";

export async function readMapping(db: DrizzleD1Database, symbol: string): Promise<Mapping> {
  const rows = await db
    .select({ tradingviewSymbol: tradingviewMappings.tradingviewSymbol, isHidden: tradingviewMappings.isHidden })
    .from(tradingviewMappings)
    .where(eq(tradingviewMappings.symbol, symbol.toUpperCase()))
    .limit(1);
  return rows[0] ?? { tradingviewSymbol: null, isHidden: false };
}

export async function saveMapping(db: DrizzleD1Database, body: MappingBody, userId: string, now = new Date()): Promise<Mapping> {
  const row = {
    symbol: body.symbol.toUpperCase(),
    coinName: body.coinName,
    tradingviewSymbol: body.tradingViewSymbol,
    isHidden: body.isHidden,
    updatedAt: now.toISOString(),
    updatedBy: userId,
  };
  await db
    .insert(tradingviewMappings)
    .values(row)
    .onConflictDoUpdate({
      target: tradingviewMappings.symbol,
      set: {
        coinName: row.coinName,
        tradingviewSymbol: row.tradingviewSymbol,
        isHidden: row.isHidden,
        updatedAt: row.updatedAt,
        updatedBy: userId,
      },
    });
  return { tradingviewSymbol: row.tradingviewSymbol, isHidden: row.isHidden };
}

/** Symbols with a usable mapping (FAILED records "no market", so those coins still count as unmapped). */
async function mappedSymbols(db: DrizzleD1Database): Promise<Set<string>> {
  const rows = await db
    .select({ symbol: tradingviewMappings.symbol })
    .from(tradingviewMappings)
    .where(sql`${tradingviewMappings.tradingviewSymbol} <> ${FAILED_MAPPING}`);
  return new Set(rows.map((r) => r.symbol));
}

function coverage(mapped: number, total: number): number {
  return total > 0 ? Math.round((mapped / total) * 1000) / 10 : 100;
}

/** The tracked coins without a usable mapping, in rank order, and how much of the list is covered. */
export async function listUnmapped(db: DrizzleD1Database, tracked: readonly Crypto[]): Promise<UnmappedList> {
  const mapped = await mappedSymbols(db);
  const coins = tracked
    .filter((c) => !mapped.has(c.symbol))
    .map((c) => ({ id: c.id, rank: c.rank, name: c.name, symbol: c.symbol, imageUrl: c.imageUrl, price: c.price, marketCap: c.marketCap }));
  const covered = tracked.length - coins.length;
  return { coins, total: tracked.length, mapped: covered, coverage: coverage(covered, tracked.length) };
}

/** The Overview's stats block: members by role, articles (not in the trash), chart coverage. */
export async function adminStats(db: DrizzleD1Database, tracked: readonly Crypto[]): Promise<AdminStats> {
  const [byRole, articleRows, mapped] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).groupBy(users.role),
    db.select({ n: count() }).from(articles).where(isNull(articles.deletedAt)),
    mappedSymbols(db),
  ]);
  const n = (role: string) => byRole.find((r) => r.role === role)?.n ?? 0;
  const covered = tracked.filter((c) => mapped.has(c.symbol)).length;
  return {
    users: { total: byRole.reduce((s, r) => s + r.n, 0), admins: n("admin"), premium: n("premium"), regular: n("user") },
    articles: articleRows[0]?.n ?? 0,
    tradingview: {
      total: tracked.length,
      mapped: covered,
      unmapped: tracked.length - covered,
      coverage: coverage(covered, tracked.length),
    },
  };
}
