import { hash32, unit } from "#worker/lib/random.ts";
import type { MarketInput, SentimentPort, SocialMetrics } from "./sentiment.ts";

/**
 * The offline sentiment source. There is no social data without LunarCrush, so it derives
 * plausible, stable values from the market figures and the day: price momentum drives the Galaxy
 * Score and sentiment, trading volume drives social volume, and a seeded jitter per coin and day
 * keeps coins apart. Same market rows and date, same answer. Articles name it as a model, not as
 * LunarCrush (docs/decisions/newsroom/offline-social-data-is-a-model.md).
 */
export function createOfflineSentiment(): SentimentPort {
  return {
    source: "offline",
    async fetchMetrics(coins, date) {
      const totalCap = coins.reduce((s, c) => s + c.marketCap, 0) || 1;
      const drafts = coins.map((c) => ({ coin: c, ...derive(c, date) }));
      const totalVolume = drafts.reduce((s, d) => s + d.socialVolume, 0) || 1;
      const altRank = rankBy(drafts, (d) => d.galaxy + d.momentum);
      const altRankPrevious = rankBy(drafts, (d) => d.galaxyPrevious);
      const out = new Map<string, SocialMetrics>();
      for (const d of drafts) {
        out.set(d.coin.id, {
          galaxyScore: d.galaxy,
          galaxyScorePrevious: d.galaxyPrevious,
          altRank: altRank.get(d.coin.id) ?? null,
          altRankPrevious: altRankPrevious.get(d.coin.id) ?? null,
          sentiment: d.sentiment,
          socialVolume24h: d.socialVolume,
          interactions24h: d.interactions,
          socialDominance: round((d.socialVolume / totalVolume) * 100, 4),
          marketDominance: round((d.coin.marketCap / totalCap) * 100, 4),
          categories: categoriesOf(d.coin),
        });
      }
      return out;
    },
  };
}

function derive(coin: MarketInput, date: string) {
  const key = (what: string) => `${coin.id}:${date}:${what}`;
  const day = Math.tanh((coin.change24h ?? 0) / 6);
  const week = Math.tanh((coin.change7d ?? 0) / 15);
  // Turnover (volume / market cap) stands in for how much a coin is being talked about.
  // Without a reported volume the model reads no turnover and sizes the conversation from market cap alone.
  const volume = coin.volume24h ?? coin.marketCap * 0.02;
  const turnover = coin.marketCap > 0 && coin.volume24h != null ? coin.volume24h / coin.marketCap : 0;
  const activity = clamp(Math.log10(Math.max(turnover, 1e-4) * 100) / 2, 0, 1);
  const galaxy = clamp(round(38 + 16 * day + 7 * week + 14 * activity + 14 * (unit(key("gs")) - 0.5), 1), 8, 92);
  // Yesterday's score: today's minus the part of today's move the day itself explains.
  const galaxyPrevious = clamp(round(galaxy - 9 * day - 8 * (unit(key("gsp")) - 0.5), 1), 5, 95);
  const sentiment = clamp(Math.round(58 + 22 * day + 5 * week + 14 * (unit(key("sent")) - 0.5)), 6, 97);
  const socialVolume = Math.max(12, Math.round(0.6 * volume ** 0.55 * (0.6 + 0.8 * unit(key("sv")))));
  const interactions = Math.round(socialVolume * (150 + 600 * unit(key("int"))));
  return { galaxy, galaxyPrevious, sentiment, socialVolume, interactions, momentum: galaxy - galaxyPrevious };
}

/** 1 for the best score, then 2, 3... Ties broken by a stable hash of the id. */
function rankBy<T extends { coin: MarketInput }>(rows: T[], score: (row: T) => number): Map<string, number> {
  const sorted = [...rows].sort((a, b) => score(b) - score(a) || hash32(a.coin.id) - hash32(b.coin.id));
  return new Map(sorted.map((row, i) => [row.coin.id, i + 1]));
}

/** A few well-known coins by id; the rest by what their names say. */
const KNOWN: Record<string, string[]> = {
  bitcoin: ["layer-1", "bitcoin-ecosystem", "pow"],
  ethereum: ["layer-1", "smart-contracts", "defi"],
  solana: ["layer-1", "smart-contracts"],
  cardano: ["layer-1", "smart-contracts"],
  ripple: ["layer-1", "payments"],
  stellar: ["layer-1", "payments"],
  binancecoin: ["exchange-tokens", "layer-1"],
  tron: ["layer-1"],
  dogecoin: ["meme", "pow"],
  "shiba-inu": ["meme"],
  litecoin: ["pow", "payments"],
  monero: ["privacy", "pow"],
  zcash: ["privacy", "pow"],
  chainlink: ["oracles", "defi"],
  uniswap: ["defi", "dex"],
  aave: ["defi", "lending"],
  polkadot: ["layer-0"],
  "avalanche-2": ["layer-1", "smart-contracts"],
  bittensor: ["ai"],
};

function categoriesOf(coin: MarketInput): string[] {
  const known = KNOWN[coin.id];
  if (known) return known;
  const name = `${coin.name} ${coin.symbol}`.toLowerCase();
  if (isStablecoin(coin)) return ["stablecoin"];
  if (/\bgold\b|xaut|paxg/.test(name)) return ["commodities", "tokenized-assets"];
  if (/^(wrapped|bridged)\b/.test(coin.name.toLowerCase())) return ["wrapped-tokens"];
  if (/\bstaked\b|restak|liquid staking|\bst[a-z]{2,5}\b/.test(name)) return ["liquid-staking"];
  if (/\b(inu|doge|pepe|shib|bonk|floki|meme|cat|frog|wojak)\b/.test(name)) return ["meme"];
  if (/\b(ai|gpt|agent|neural|bittensor)\b/.test(name)) return ["ai"];
  if (/\b(swap|dex|finance|lend|yield)\b/.test(name)) return ["defi"];
  return ["cryptocurrencies"];
}

/** Dollar-pegged tokens: a dollar in the name, or a price that sits on $1 and barely moves. */
export function isStablecoin(coin: Pick<MarketInput, "name" | "symbol" | "price" | "change24h">): boolean {
  const text = `${coin.name} ${coin.symbol}`.toLowerCase();
  const pegged = Math.abs(coin.price - 1) < 0.02 && Math.abs(coin.change24h ?? 0) < 0.6;
  return pegged && (/usd|dollar|dai\b|eur/.test(text) || Math.abs(coin.change24h ?? 0) < 0.15);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
