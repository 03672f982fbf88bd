/**
 * Builds worker/ports/market/data/offline-markets.json: the top 500 coins as CoinGecko reported them
 * on 30 April 2026, the one moment the offline site replays (docs/data.md). Run when the sources change:
 *   node scripts/data/extract-offline-markets.ts --aeon <clone of aeonfun/aeon> [--shared ../shared/data]
 * Ranks 1-250: CoinGecko's /coins/markets page 1 of 2026-04-30 12:20 UTC, recorded by a bot in
 * aeonfun/aeon (MIT) at commit 6ac1f0ee. Ranks 251-500: page 2 of a 2026-04-30 11:40 UTC capture in
 * geo-systems/tracker-data (ISC), copied to ../shared/data. That capture has no volume, supply, 24 h
 * high/low, all-time figures, 1 h change or per-coin update time: those stay null, never invented.
 * Wrapped and staked tokens are left out: CoinGecko no longer ranks them.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { aeon: { type: "string" }, shared: { type: "string", default: join(import.meta.dirname, "../../../shared/data") } },
});
if (!args.aeon) throw new Error("--aeon <path to a clone of github.com/aeonfun/aeon> is required");
const out = join(import.meta.dirname, "../../worker/ports/market/data/offline-markets.json");

/** The page-1 capture every offline figure is anchored to. */
export const PAGE1 = { commit: "6ac1f0eee5a9f34e34eefffdbf3322f8ee6bc1ee", path: ".outputs/cg-markets.json" };

type Row = Record<string, unknown> & { id: string; symbol: string; name: string; market_cap_rank: number | null };

const shared = (file: string) => JSON.parse(readFileSync(join(args.shared ?? "", file), "utf8"));
const top = JSON.parse(
  execFileSync("git", ["-C", args.aeon, "show", `${PAGE1.commit}:${PAGE1.path}`], { encoding: "utf8", maxBuffer: 64 << 20 }),
) as Row[];
const page2: Row[] = shared("coingecko/markets_rank251-500_usd_2026-04-30.json");
// That file also carries BTC and ETH for reference: only the wrapped and staked entries are excluded.
const wrappedIds = new Set(
  (shared("coingecko/wrapped_token_prices_usd_2026-04-30.json") as { id: string; name: string; symbol: string }[])
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
  "current_price",
  "market_cap",
  "fully_diluted_valuation",
  "total_volume",
  "high_24h",
  "low_24h",
  "circulating_supply",
  "total_supply",
  "max_supply",
  "ath",
  "ath_date",
  "atl",
  "atl_date",
  "last_updated",
  "price_change_percentage_1h_in_currency",
  "price_change_percentage_24h_in_currency",
  "price_change_percentage_7d_in_currency",
] as const;

// Page 1 is in market-cap order; CoinGecko's own rank can skip numbers (rehypothecated tokens), the position cannot.
const first = top.filter((r) => !derivative(r));
const taken = new Set(first.map((r) => r.id));
// File order is market-cap order (a few ranks appear swapped in the source); keep it.
const second = page2.filter((r) => !taken.has(r.id) && !derivative(r));
const snapshot = [...first, ...second].map((row) => {
  const out = Object.fromEntries(keep.map((k) => [k, row[k] ?? null]));
  // The page-2 capture has the bot's fetch time, not CoinGecko's per-coin update time.
  if (out.last_updated === null && typeof row.fetched_at === "string") out.last_updated = row.fetched_at;
  return out;
});

writeFileSync(
  out,
  `${JSON.stringify({
    source:
      "CoinGecko /coins/markets of 2026-04-30: page 1 at 12:20 UTC (MIT, aeonfun/aeon 6ac1f0ee), page 2 at 11:40 UTC (ISC, geo-systems/tracker-data 00203319) merged by id; wrapped and staked tokens left out",
    /** The end of the recording: the replay's present is mapped to this moment. */
    recordedAt: "2026-04-30T12:21:00Z",
    snapshot,
  })}\n`,
);
console.log(`wrote ${snapshot.length} rows (${first.length} from page 1, ${second.length} from page 2) to ${out}`);
