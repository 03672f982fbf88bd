import type { Crypto } from "#schema/contracts/crypto.ts";

/**
 * How well a coin matches, lower is better, or null for no match: the exact ticker first
 * ("eth" is Ethereum before Ethereum Classic), then exact name, then prefixes, then any substring.
 */
function matchScore(coin: Crypto, q: string): number | null {
  const symbol = coin.symbol.toLowerCase();
  const name = coin.name.toLowerCase();
  if (symbol === q) return 0;
  if (name === q) return 1;
  if (symbol.startsWith(q)) return 2;
  if (name.startsWith(q)) return 3;
  if (name.split(/[\s\-.()]+/).some((word) => word.startsWith(q))) return 4;
  if (symbol.includes(q) || name.includes(q)) return 5;
  return null;
}

/**
 * Case-insensitive substring search on coin name or symbol (public-site.md §5) over the 500
 * tracked coins, which every request already holds in memory; ties go to the bigger market cap.
 */
export function searchCoins(coins: readonly Crypto[], query: string, limit: number): { cryptos: Crypto[]; total: number } {
  const q = query.trim().toLowerCase();
  const hits: { coin: Crypto; score: number }[] = [];
  for (const coin of coins) {
    const score = matchScore(coin, q);
    if (score !== null) hits.push({ coin, score });
  }
  hits.sort((a, b) => a.score - b.score || a.coin.rank - b.coin.rank);
  return { cryptos: hits.slice(0, limit).map((h) => h.coin), total: hits.length };
}
