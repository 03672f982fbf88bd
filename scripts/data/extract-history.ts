/**
 * Builds scripts/data/history-seed.json, a year of real daily USD prices for the coins the site
 * tracks, from ../shared/data/history (see its SOURCES.txt). Run once when the source files change:
 *   node scripts/data/extract-history.ts [path/to/shared/data]
 * madjin/daily-crypto lists coins by display name, so names are matched to CoinGecko ids through
 * the offline market list and the web3icons token list; a name that matches no tracked coin is
 * dropped. A day with no line for a coin stays null (a gap), never interpolated.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const dataDir = process.argv[2] ?? join(import.meta.dirname, "../../../shared/data");
const out = join(import.meta.dirname, "history-seed.json");
const markets = JSON.parse(readFileSync(join(import.meta.dirname, "../../worker/ports/market/data/offline-markets.json"), "utf8")) as {
  snapshot: { id: string; name: string }[];
  extra: { id: string; name: string }[];
};
const tokens = JSON.parse(readFileSync(join(dataDir, "coinlists/web3icons_tokens_metadata.json"), "utf8")) as {
  id: string;
  name: string;
}[];

/** The last 365 days of the file: 2025-05-01 .. 2026-04-30. */
const DAYS = 365;

const tracked = new Set([...markets.snapshot, ...markets.extra].map((c) => c.id));
const idByName = new Map<string, string>();
// The tracked list's own names win over the token list's.
for (const t of tokens) if (tracked.has(t.id)) idByName.set(t.name.toLowerCase(), t.id);
for (const c of [...markets.snapshot, ...markets.extra]) idByName.set(c.name.toLowerCase(), c.id);

const lines = readFileSync(join(dataDir, "history/madjin_top100_daily_usd_2023-03-19_2026-04-30.csv"), "utf8").trim().split("\n").slice(1);
const days = [...new Set(lines.map((l) => l.slice(0, 10)))].sort();
const window = days.slice(-DAYS);
const first = window[0] ?? "";
const firstMs = Date.parse(`${first}T00:00:00Z`);
const series = new Map<string, (number | null)[]>();
const unmatched = new Set<string>();

for (const line of lines) {
  const [date = "", , name = "", priceText = ""] = line.split(",");
  if (date < first) continue;
  const id = idByName.get(name.toLowerCase());
  if (!id) {
    unmatched.add(name);
    continue;
  }
  const price = Number(priceText);
  if (!(price > 0)) continue;
  const day = Math.round((Date.parse(`${date}T00:00:00Z`) - firstMs) / 86_400_000);
  const row = series.get(id) ?? Array.from({ length: DAYS }, () => null);
  // The file lists a coin once per day; should a name repeat, its higher-ranked line stays.
  if (row[day] == null) row[day] = price;
  series.set(id, row);
}

const coins = Object.fromEntries([...series].sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  out,
  `${JSON.stringify({
    source: "madjin/daily-crypto (MIT) data/MM-DD-YYYY.txt at bf726667, daily USD close as listed; names matched to CoinGecko ids",
    from: first,
    days: DAYS,
    coins,
  })}\n`,
);
console.log(
  `${series.size} coins, ${first} .. ${window.at(-1)}; unmatched names: ${unmatched.size} (${[...unmatched].slice(0, 12).join(", ")})`,
);
