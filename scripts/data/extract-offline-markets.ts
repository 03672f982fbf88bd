/**
 * Builds worker/ports/market/data/offline-markets.json from the real public data in ../shared/data
 * (see the README's "Data and attribution"). Run once when the source files change:
 *   node scripts/data/extract-offline-markets.ts [path/to/shared/data]
 * Ranks 1-250 are CoinGecko's snapshot as recorded; ranks 251-500 take only ids, symbols and names
 * from the web3icons token list (its figures are generated at run time by the offline adapter).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dataDir = process.argv[2] ?? join(import.meta.dirname, "../../../shared/data");
const out = join(import.meta.dirname, "../../worker/ports/market/data/offline-markets.json");

type CgRow = Record<string, unknown> & { id: string; symbol: string; name: string; market_cap_rank: number };
type Token = { id: string; symbol: string; name: string; marketCapRank?: number | null };

const top: CgRow[] = JSON.parse(readFileSync(join(dataDir, "coingecko/markets_top250_usd_2026-07-07.json"), "utf8"));
const tokens: Token[] = JSON.parse(readFileSync(join(dataDir, "coinlists/web3icons_tokens_metadata.json"), "utf8"));

const keep = [
  "id",
  "symbol",
  "name",
  "image",
  "current_price",
  "market_cap",
  "market_cap_rank",
  "total_volume",
  "circulating_supply",
  "total_supply",
  "max_supply",
  "last_updated",
  "price_change_percentage_1h_in_currency",
  "price_change_percentage_24h_in_currency",
  "price_change_percentage_7d_in_currency",
] as const;

const snapshot = top
  .sort((a, b) => a.market_cap_rank - b.market_cap_rank)
  .map((row) => Object.fromEntries(keep.map((k) => [k, row[k] ?? null])));

const takenIds = new Set(top.map((c) => c.id));
const takenSymbols = new Set(top.map((c) => c.symbol.toLowerCase()));
const extra: { id: string; symbol: string; name: string }[] = [];
for (const t of tokens
  .filter((t) => t.marketCapRank && !takenIds.has(t.id))
  .sort((a, b) => (a.marketCapRank ?? 0) - (b.marketCapRank ?? 0))) {
  const symbol = t.symbol.toLowerCase();
  if (takenSymbols.has(symbol) || !/^[a-z0-9._-]+$/.test(symbol)) continue;
  takenSymbols.add(symbol);
  extra.push({ id: t.id, symbol, name: t.name });
  if (extra.length === 250) break;
}

writeFileSync(
  out,
  `${JSON.stringify({
    source:
      "CoinGecko /coins/markets snapshot 2026-07-07 (MIT, Svector-anu/skopos-aeon); names for ranks 251-500 from @web3icons/common (MIT)",
    snapshot,
    extra,
  })}\n`,
);
console.log(`wrote ${snapshot.length} snapshot rows and ${extra.length} extra names to ${out}`);
