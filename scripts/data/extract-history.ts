/**
 * Builds scripts/data/history-seed.json: every recorded price point of the coins the offline site
 * tracks, up to the moment it replays (30 April 2026 12:21 UTC; docs/data.md). Run when the sources change:
 *   node scripts/data/extract-history.ts --aeon <clone of aeonfun/aeon> --madjin <clone of madjin/daily-crypto> [--shared ../shared/data]
 * - Daily: madjin/daily-crypto (MIT) lists the top 100 once a day, by display name, 2023-03-19..2026-04-30;
 *   names are matched to CoinGecko ids through the offline market list and the web3icons token list, and
 *   each day is timed by the commit that recorded it. A day with no line for a coin stays missing.
 * - Intraday, the last week: seven CoinGecko /coins/markets page-1 snapshots of 25-30 April 2026 that a
 *   bot committed to aeonfun/aeon (MIT), each row at its own `last_updated`.
 * - Derived, never modelled: a snapshot row's 1 h, 24 h and 7 d changes give the price 1 h, 24 h and
 *   7 d before it (price / (1 + change)), as CoinGecko computed them. The page-2 capture of ranks
 *   251-500 gives its 24 h and 7 d points the same way.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    aeon: { type: "string" },
    madjin: { type: "string" },
    shared: { type: "string", default: join(import.meta.dirname, "../../../shared/data") },
  },
});
if (!args.aeon || !args.madjin) throw new Error("--aeon and --madjin (paths to clones of both repositories) are required");
const aeon = args.aeon;
const madjin = args.madjin;
const dataDir = args.shared ?? "";
const out = join(import.meta.dirname, "history-seed.json");

/** aeonfun/aeon commits holding a full /coins/markets page 1 (250 rows with 1h/24h/7d changes), oldest first. */
const SNAPSHOTS = [
  ["38549173d4f1945ca88d6591063e386b5eedb622", ".token-movers-tmp/markets.json"],
  ["3c6764d6bc76856f25293a9a2ac710bd1c645f24", ".outputs/cg-markets.json"],
  ["ddc61182d66be105f2e1ab68d2d1f652628af02c", ".outputs/cg-markets.json"],
  ["d85f70680e0ab9c95e7b0bf2a798a9c829007d24", ".outputs/cg-markets.json"],
  ["6c0c0aac3c4e3f807754c4b7ab148cac396a0b12", ".outputs/cg-markets.json"],
  ["885f39a2d464ebeff6e284d04562158b31fa1b36", ".outputs/cg-markets.json"],
  ["6ac1f0eee5a9f34e34eefffdbf3322f8ee6bc1ee", ".outputs/cg-markets.json"],
] as const;

type MarketRow = {
  id: string;
  name: string;
  current_price: number | null;
  last_updated: string | null;
  price_change_percentage_1h_in_currency?: number | null;
  price_change_percentage_24h_in_currency?: number | null;
  price_change_percentage_7d_in_currency?: number | null;
};

const markets = JSON.parse(readFileSync(join(import.meta.dirname, "../../worker/ports/market/data/offline-markets.json"), "utf8")) as {
  recordedAt: string;
  snapshot: MarketRow[];
};
const recordedEnd = Date.parse(markets.recordedAt) / 1000;
const tracked = new Set(markets.snapshot.map((c) => c.id));
const git = (repo: string, ...rest: string[]) => execFileSync("git", ["-C", repo, ...rest], { encoding: "utf8", maxBuffer: 256 << 20 });

/** Points per coin: [unix seconds, USD price]. */
const points = new Map<string, [number, number][]>();
function add(id: string, ts: number, price: number | null | undefined): void {
  if (!tracked.has(id) || price == null || !(price > 0) || !Number.isFinite(price) || ts > recordedEnd) return;
  const list = points.get(id) ?? [];
  list.push([Math.round(ts), Number(price.toPrecision(8))]);
  points.set(id, list);
}

/** The price a change of `pct` percent ago started from. */
const before = (price: number, pct: number | null | undefined) => (pct == null || pct <= -100 ? null : price / (1 + pct / 100));
const HOUR = 3_600;
const DAY = 86_400;

function addRow(row: MarketRow): void {
  const at = row.last_updated ? Date.parse(row.last_updated) / 1000 : Number.NaN;
  if (!Number.isFinite(at) || row.current_price == null) return;
  add(row.id, at, row.current_price);
  add(row.id, at - HOUR, before(row.current_price, row.price_change_percentage_1h_in_currency));
  add(row.id, at - DAY, before(row.current_price, row.price_change_percentage_24h_in_currency));
  add(row.id, at - 7 * DAY, before(row.current_price, row.price_change_percentage_7d_in_currency));
}

for (const [commit, path] of SNAPSHOTS) for (const row of JSON.parse(git(aeon, "show", `${commit}:${path}`)) as MarketRow[]) addRow(row);
// Ranks 251-500 come from the page-2 capture only (the page-1 snapshots do not reach them).
for (const row of markets.snapshot) if (!points.has(row.id) || row.price_change_percentage_1h_in_currency == null) addRow(row);

// Daily: each madjin file is timed by the commit that added it (about 02:28 UTC on the day it names).
const dayTime = new Map<string, number>();
let commitAt = 0;
for (const line of git(madjin, "log", "--reverse", "--format=@%cI", "--name-only", "--diff-filter=A", "--", "data/").split("\n")) {
  if (line.startsWith("@")) commitAt = Date.parse(line.slice(1)) / 1000;
  const m = /^data\/(\d\d)-(\d\d)-(\d{4})\.txt$/.exec(line);
  if (m && !dayTime.has(`${m[3]}-${m[1]}-${m[2]}`)) dayTime.set(`${m[3]}-${m[1]}-${m[2]}`, commitAt);
}
const tokens = JSON.parse(readFileSync(join(dataDir, "coinlists/web3icons_tokens_metadata.json"), "utf8")) as {
  id: string;
  name: string;
}[];
const idByName = new Map<string, string>();
// The tracked list's own names win over the token list's.
for (const t of tokens) if (tracked.has(t.id)) idByName.set(t.name.toLowerCase(), t.id);
for (const c of markets.snapshot) idByName.set(c.name.toLowerCase(), c.id);
const unmatched = new Set<string>();
const seenDay = new Set<string>();
const lines = readFileSync(join(dataDir, "history/madjin_top100_daily_usd_2023-03-19_2026-04-30.csv"), "utf8").trim().split("\n").slice(1);
for (const line of lines) {
  const [date = "", , name = "", priceText = ""] = line.split(",");
  const id = idByName.get(name.toLowerCase());
  if (!id) {
    unmatched.add(name);
    continue;
  }
  // The file lists a coin once per day; should a name repeat, its higher-ranked line stays.
  if (seenDay.has(`${id}:${date}`)) continue;
  seenDay.add(`${id}:${date}`);
  add(id, dayTime.get(date) ?? Date.parse(`${date}T02:28:00Z`) / 1000, Number(priceText));
}

const coins = Object.fromEntries(
  [...points].sort(([a], [b]) => a.localeCompare(b)).map(([id, list]) => [id, list.sort((a, b) => a[0] - b[0])]),
);
const all = Object.values(coins).flat();
writeFileSync(
  out,
  `${JSON.stringify({
    source:
      "madjin/daily-crypto (MIT) daily top 100 at bf726667, timed by its commits; aeonfun/aeon (MIT) CoinGecko /coins/markets snapshots of 2026-04-25..30; geo-systems/tracker-data (ISC) ranks 251-500 of 2026-04-30; 1h/24h/7d points derived from CoinGecko's changes",
    recordedEnd: markets.recordedAt,
    coins,
  })}\n`,
);
const first = new Date(Math.min(...all.map((p) => p[0])) * 1000).toISOString();
console.log(
  `${points.size} of ${tracked.size} coins, ${all.length} points from ${first} to ${markets.recordedAt}; ${dayTime.size} timed days; unmatched names: ${unmatched.size}`,
);
