/**
 * Builds worker/ports/market/data/offline-markets.json from the real public data in ../shared/data
 * (see docs/data.md and ../shared/data/SOURCES.txt). Run when the sources change:
 *   node scripts/data/extract-offline-markets.ts [path/to/shared/data]
 * Ranks 1-250: CoinGecko's /coins/markets page 1 of 2026-07-07 as recorded. Then page 2 of a
 * 2026-04-30 capture, merged by id (coins already in the top 250 are skipped) and ranked after it.
 * That capture has no volume, supply, 1h change or per-coin update time: those stay null, never
 * invented. Wrapped and staked tokens are left out: CoinGecko no longer ranks them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dataDir = process.argv[2] ?? join(import.meta.dirname, "../../../shared/data");
const out = join(import.meta.dirname, "../../worker/ports/market/data/offline-markets.json");

type Row = Record<string, unknown> & { id: string; symbol: string; name: string; market_cap_rank: number };

const read = (file: string) => JSON.parse(readFileSync(join(dataDir, file), "utf8"));
const top: Row[] = read("coingecko/markets_top250_usd_2026-07-07.json");
const page2: Row[] = read("coingecko/markets_rank251-500_usd_2026-04-30.json");
// That file also carries BTC and ETH for reference: only the wrapped and staked entries are excluded.
const wrappedIds = new Set(
  (read("coingecko/wrapped_token_prices_usd_2026-04-30.json") as { id: string; name: string; symbol: string }[])
    .filter((t) => /wrapped|staked/i.test(t.name) || /^w(eth|btc)$/i.test(t.symbol))
    .map((t) => t.id),
);

/** Wrapped, bridged and staked copies follow another coin; since early 2026 CoinGecko leaves them out of its ranking. */
function derivative(row: Row): boolean {
  return wrappedIds.has(row.id) || /^(wrapped|bridged)\b|\bstaked\b|\brestaked\b/i.test(row.name);
}

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

const first = top.filter((r) => !derivative(r)).sort((a, b) => a.market_cap_rank - b.market_cap_rank);
const taken = new Set(first.map((r) => r.id));
// File order is market-cap order (a few ranks appear swapped in the source); keep it.
const second = page2.filter((r) => !taken.has(r.id) && !derivative(r));
const snapshot = [...first, ...second].map((row, i) => {
  const out = Object.fromEntries(keep.map((k) => [k, row[k] ?? null]));
  out.market_cap_rank = i + 1;
  // The page-2 capture has the bot's fetch time, not CoinGecko's per-coin update time.
  if (out.last_updated === null && typeof row.fetched_at === "string") out.last_updated = row.fetched_at;
  return out;
});

writeFileSync(
  out,
  `${JSON.stringify({
    source:
      "CoinGecko /coins/markets: page 1 of 2026-07-07 (MIT, Svector-anu/skopos-aeon), page 2 of 2026-04-30 (ISC, geo-systems/tracker-data) merged by id; wrapped and staked tokens left out",
    capturedAt: { top250: "2026-07-07", rest: "2026-04-30" },
    snapshot,
  })}\n`,
);
console.log(`wrote ${snapshot.length} rows (${first.length} from page 1, ${second.length} from page 2) to ${out}`);
