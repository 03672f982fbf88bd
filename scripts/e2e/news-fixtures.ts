/**
 * Realistic published news for end-to-end tests and local screenshots: Daily Roundups and Trending
 * Analyses written from the site's own market data (GET /api/cryptos), as the generation pipeline
 * will write them. Written through the running site (its local-only POST /api/dev/d1, as an admin), which
 * starts a new content version so that every cache serves them at once.
 *   node scripts/e2e/news-fixtures.ts [baseURL] [adminEmail]
 */
import type { Crypto } from "#schema/contracts/crypto.ts";
import { readTimeMinutes } from "#schema/contracts/read-time.ts";
import { siteSql } from "./site-state.ts";

export type NewsRow = {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  contentFormat?: "markdown" | "html";
  categoryId: number;
  imageUrl: string;
  /** Absent for a draft. */
  publishedAt?: string;
  cryptoName?: string;
  cryptoSymbol?: string;
  rank?: number;
  status?: "published" | "draft";
  deletedAt?: string;
  sourcesJson?: string;
  dataAsOf?: string;
};

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const money = (n: number) =>
  n >= 1e9
    ? `$${(n / 1e9).toFixed(2)} billion`
    : n >= 1e6
      ? `$${(n / 1e6).toFixed(1)} million`
      : `$${Math.round(n).toLocaleString("en-US")}`;
const SOURCES = JSON.stringify([
  { name: "CoinGecko", url: "https://www.coingecko.com" },
  { name: "LunarCrush", url: "https://lunarcrush.com" },
]);

function roundup(coins: Crypto[], day: number, at: Date): NewsRow {
  const date = new Date(at.getTime() - day * 86_400_000);
  const btc = coins.find((c) => c.symbol === "BTC") ?? (coins[0] as Crypto);
  const eth = coins.find((c) => c.symbol === "ETH") ?? (coins[1] as Crypto);
  const movers = [...coins].filter((c) => c.change24h != null).sort((a, b) => (b.change24h ?? 0) - (a.change24h ?? 0));
  const gainers = movers.slice(day * 3, day * 3 + 3);
  const losers = movers.slice(-3 - day * 3, movers.length - day * 3).reverse();
  const lead = gainers[0] ?? btc;
  const label = date.toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
  const title = `Daily Roundup, ${label}: Bitcoin at ${btc.price} as ${lead.name} leads the gainers`;
  const content = [
    "## Market overview",
    "",
    `Bitcoin traded at ${btc.price} (${btc.price24h} over 24 hours, ${btc.price7d} over seven days), with a market value of ${money(btc.marketCap)}. Ethereum stood at ${eth.price} (${eth.price24h}).`,
    "",
    "## Top gainers",
    "",
    ...gainers.map((c) => `- **${c.name} (${c.symbol})**: ${c.price}, ${c.price24h} in 24 hours, rank #${c.rank}`),
    "",
    "## Top losers",
    "",
    ...losers.map((c) => `- **${c.name} (${c.symbol})**: ${c.price}, ${c.price24h} in 24 hours, rank #${c.rank}`),
    "",
    "## The top five by market cap",
    "",
    "| Coin | Price | 24h | 7d |",
    "| --- | --- | --- | --- |",
    ...coins.slice(0, 5).map((c) => `| ${c.name} | ${c.price} | ${c.price24h} | ${c.price7d} |`),
    "",
    `Read more about how prices move in our guide [Understanding volatility](/crypto-101/understanding-volatility-and-price-changes).`,
  ].join("\n");
  return {
    slug: `daily-roundup-${date.toISOString().slice(0, 10)}`,
    title,
    excerpt: `Bitcoin ${btc.price24h.startsWith("-") ? "slipped" : "rose"} to ${btc.price} while ${lead.name} (${lead.symbol}) led the day's gainers at ${lead.price24h}.`,
    content,
    categoryId: 18,
    imageUrl: "/images/covers/daily-roundup.svg",
    publishedAt: new Date(date.getTime() - 3_600_000).toISOString(),
    sourcesJson: SOURCES,
    dataAsOf: new Date(date.getTime() - 3_700_000).toISOString(),
  };
}

function analysis(coin: Crypto, index: number, at: Date): NewsRow {
  const direction = (coin.change24h ?? 0) >= 0 ? "gains" : "dips";
  const title = `${coin.name} (${coin.symbol}) draws social momentum as it ${direction} ${coin.price24h.replace(/^[+-]/, "")}`;
  const content = [
    `## Why ${coin.name} is trending`,
    "",
    `${coin.name} is ranked #${coin.rank} by market capitalisation at ${money(coin.marketCap)}, and social activity around it picked up over the last day.`,
    "",
    "## Price action",
    "",
    `- Price: ${coin.price}`,
    `- 24 hours: ${coin.price24h}`,
    `- 7 days: ${coin.price7d}`,
    `- 24h volume: ${coin.volume24h == null ? "not reported" : money(coin.volume24h)}`,
    "",
    "## What to watch",
    "",
    `A market value of ${money(coin.marketCap)} puts ${coin.symbol} among the larger coins of its band. Social momentum can fade as quickly as it builds, so treat it as one signal among many.`,
  ].join("\n");
  return {
    slug: `${slugify(coin.name)}-${coin.symbol.toLowerCase()}-social-momentum`,
    title,
    excerpt: `${coin.name} trades at ${coin.price} (${coin.price24h} in 24 hours) with rising social volume, rank #${coin.rank}.`,
    content,
    categoryId: 17,
    imageUrl: "/images/covers/trending-analysis.svg",
    publishedAt: new Date(at.getTime() - (index + 1) * 2 * 3_600_000).toISOString(),
    cryptoName: coin.name,
    cryptoSymbol: coin.symbol,
    rank: coin.rank,
    sourcesJson: SOURCES,
    dataAsOf: new Date(at.getTime() - (index + 1) * 2 * 3_600_000 - 60_000).toISOString(),
  };
}

/** 3 roundups and 24 analyses (8 per rank band): 27 news articles, two /news pages. */
export function buildNews(coins: Crypto[], at = new Date()): NewsRow[] {
  const bands = [coins.slice(0, 100), coins.slice(100, 300), coins.slice(300, 500)];
  const picked = bands.flatMap((band) => band.filter((_, i) => i % Math.max(1, Math.floor(band.length / 8)) === 0).slice(0, 8));
  return [...[0, 1, 2].map((day) => roundup(coins, day, at)), ...picked.map((coin, i) => analysis(coin, i, at))];
}

const lit = (v: string | number | undefined) =>
  v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`;

export function insertSql(row: NewsRow): string {
  return `INSERT INTO articles (slug, title, excerpt, content, content_format, category_id, image_url, status, published_at, read_time, crypto_name, crypto_symbol, rank, deleted_at, sources_json, data_as_of)
VALUES (${lit(row.slug)}, ${lit(row.title)}, ${lit(row.excerpt)}, ${lit(row.content)}, ${lit(row.contentFormat ?? "markdown")}, ${row.categoryId}, ${lit(row.imageUrl)}, ${lit(row.status ?? "published")}, ${lit(row.publishedAt)}, ${readTimeMinutes(row.content)}, ${lit(row.cryptoName)}, ${lit(row.cryptoSymbol)}, ${lit(row.rank)}, ${lit(row.deletedAt)}, ${lit(row.sourcesJson)}, ${lit(row.dataAsOf)})
ON CONFLICT (slug) DO NOTHING`;
}

/** Writes rows into a running site's D1, through the site, and starts a new content version there. */
export async function insertArticles(rows: NewsRow[], site: string, admin: string): Promise<void> {
  await siteSql(site, admin, { statements: rows.map((row) => ({ sql: insertSql(row) })), invalidateContent: true });
}

export async function fetchCoins(baseURL: string): Promise<Crypto[]> {
  const res = await fetch(`${baseURL}/api/cryptos`);
  if (!res.ok) throw new Error(`GET /api/cryptos answered ${res.status}`);
  return (await res.json()) as Crypto[];
}

if (import.meta.main) {
  const [baseURL = "http://127.0.0.1:8787", admin = "admin@coinsight.local"] = process.argv.slice(2);
  const rows = buildNews(await fetchCoins(baseURL));
  await insertArticles(rows, baseURL, admin);
  console.log(`inserted ${rows.length} news articles`);
}
