import data from "#worker/ports/market/data/offline-markets.json";
import { COMMON_NAMES, NOT_TICKERS } from "./lexicon.ts";
import type { Entity } from "./types.ts";

/** The coins Coinsight tracks (real CoinGecko names and tickers): a text naming one outside its brief is caught. */
export const TRACKED_COINS: readonly Entity[] = (data.snapshot as { id: string; name: string; symbol: string }[]).map((c) => ({
  id: c.id,
  name: c.name.replace(/\u200b/g, ""),
  symbol: c.symbol.toUpperCase(),
}));

/** Other names of the big coins, as writers use them. */
export const ALIASES: Record<string, readonly string[]> = {
  bitcoin: ["BTC", "XBT"],
  ethereum: ["Ether", "ETH"],
  ripple: ["XRP"],
  binancecoin: ["BNB"],
  "avalanche-2": ["Avalanche", "AVAX"],
  "matic-network": ["Polygon", "MATIC"],
};

/** One alternation over every known coin's distinctive names, built once per list (a check runs it per text). */
const indexes = new WeakMap<readonly Entity[], { re: RegExp; byTerm: Map<string, string> }>();

function knownIndex(known: readonly Entity[]): { re: RegExp; byTerm: Map<string, string> } {
  const hit = indexes.get(known);
  if (hit) return hit;
  const byTerm = new Map<string, string>();
  for (const e of known) {
    const common = COMMON_NAMES.has(e.name.toLowerCase());
    const terms: string[] = [];
    if (e.name.length >= 3 && !common) terms.push(e.name);
    if (common) terms.push(`${e.name} (${e.symbol})`);
    if (e.symbol.length >= 3 && !NOT_TICKERS.has(e.symbol) && /[A-Z]/.test(e.symbol)) terms.push(e.symbol);
    for (const alias of ALIASES[e.id] ?? []) terms.push(alias);
    for (const term of terms) if (!byTerm.has(term)) byTerm.set(term, e.id);
  }
  const alternation = [...byTerm.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join("|");
  const index = { re: new RegExp(`(?<![\\w$])\\$?(?:${alternation})(?![\\w-])`, "g"), byTerm };
  indexes.set(known, index);
  return index;
}

export type Mention = { start: number; end: number; entity: string; inBrief: boolean; text: string };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function scan(text: string, term: string, flags: string): { start: number; end: number }[] {
  const re = new RegExp(`(?<![\\w$])\\$?${escapeRe(term)}(?![\\w-])`, flags);
  return [...text.matchAll(re)].map((m) => ({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
}

/**
 * Where coins are named. A brief's coins are found by name (any case), ticker (capitals) or alias;
 * other tracked coins by a distinctive name or ticker, so "Flow" or "THE" in plain prose is no coin.
 */
export function findMentions(text: string, entities: readonly Entity[], known: readonly Entity[] = TRACKED_COINS): Mention[] {
  const found: Mention[] = [];
  const inBrief = new Set(entities.map((e) => e.id));
  for (const e of entities) {
    for (const name of [e.name, ...(e.aliases ?? []), ...(ALIASES[e.id] ?? [])]) {
      const caps = name === name.toUpperCase() && name.length <= 6;
      for (const at of scan(text, name, caps ? "g" : "gi"))
        found.push({ ...at, entity: e.id, inBrief: true, text: text.slice(at.start, at.end) });
    }
    if (e.symbol.length >= 2) {
      for (const at of scan(text, e.symbol.toUpperCase(), "g"))
        found.push({ ...at, entity: e.id, inBrief: true, text: text.slice(at.start, at.end) });
    }
  }
  const { re, byTerm } = knownIndex(known);
  for (const m of text.matchAll(re)) {
    const term = m[0].replace(/^\$/, "");
    const id = byTerm.get(term);
    if (!id || inBrief.has(id)) continue;
    const start = m.index ?? 0;
    found.push({ start, end: start + m[0].length, entity: id, inBrief: false, text: m[0] });
  }
  // Longest first at each place: "Bitcoin Cash" is not "Bitcoin".
  found.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const out: Mention[] = [];
  for (const m of found) {
    const last = out[out.length - 1];
    if (last && m.start < last.end) continue;
    out.push(m);
  }
  return out;
}
