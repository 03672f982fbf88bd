import { CATEGORY, isGuideCategory } from "#schema/contracts/article-rules.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";

/**
 * The site's own coverage of one coin, for latest_news: articles whose subject is the coin (its
 * Trending Analyses), Daily Roundups that mention it, and Crypto 101 guides about it
 * (docs/decisions/ask/latest-news-coverage.md).
 */

export type CoverageKind = "analysis" | "roundup" | "guide";

export type CoverageItem = {
  id: number;
  kind: CoverageKind;
  title: string;
  excerpt: string;
  /** The reader's path: /article/{slug} or /crypto-101/{slug}. */
  path: string;
  publishedAt: string;
};

/** News items (analyses and roundups together) at most. */
export const NEWS_ITEMS = 5;
/** Guides at most, after the news. */
export const GUIDE_ITEMS = 2;
/** Roundups read to find mentions: the newest ones that the search index says contain a name. */
const ROUNDUP_CANDIDATES = 30;

type Row = { id: number; slug: string; title: string; excerpt: string; content: string; published_at: string; category_id: number };

const PUBLIC = "a.status = 'published' AND a.deleted_at IS NULL AND a.published_at <= ?";

/** An FTS5 phrase (the trigram index matches it as a case-insensitive substring). */
const phrase = (s: string) => `"${s.replaceAll('"', '""')}"`;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Does the text name the coin? Its name as a word (any case), or its ticker as a word in capitals
 * (so "ETH" is found, "Tether" and "eth" are not). Names or tickers under 3 letters are too
 * ambiguous to look for in running text.
 */
export function mentions(text: string, coin: Pick<Crypto, "name" | "symbol">): boolean {
  const name = coin.name.trim();
  if (name.length >= 3 && new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "iu").test(text)) return true;
  const symbol = coin.symbol.trim().toUpperCase();
  return symbol.length >= 3 && new RegExp(`(?<![\\p{L}\\p{N}$])${escapeRegExp(symbol)}(?![\\p{L}\\p{N}])`, "u").test(text);
}

function item(r: Row, kind: CoverageKind): CoverageItem {
  const base = isGuideCategory(r.category_id) ? "/crypto-101" : "/article";
  return { id: r.id, kind, title: r.title, excerpt: r.excerpt.trim(), path: `${base}/${r.slug}`, publishedAt: r.published_at };
}

/** The coin's coverage: news newest first (up to NEWS_ITEMS), then guides about it newest first. */
export async function findCoverage(d1: D1Database, coin: Pick<Crypto, "name" | "symbol">, now: number): Promise<CoverageItem[]> {
  const at = new Date(now).toISOString();
  const terms = [coin.name.trim(), coin.symbol.trim()].filter((t) => t.length >= 3);
  const match = terms.map(phrase).join(" OR ");
  const columns = "a.id, a.slug, a.title, a.excerpt, a.published_at, a.category_id";
  const [subject, roundups, guides] = await d1.batch<Row>([
    d1
      .prepare(
        `SELECT ${columns}, '' AS content FROM articles a
         WHERE ${PUBLIC} AND upper(a.crypto_symbol) = ? ORDER BY a.published_at DESC, a.id DESC LIMIT ?`,
      )
      .bind(at, coin.symbol.toUpperCase(), NEWS_ITEMS),
    match
      ? d1
          .prepare(
            `SELECT ${columns}, a.title || ' ' || a.excerpt || ' ' || a.content AS content
             FROM articles_fts f JOIN articles a ON a.id = f.rowid
             WHERE articles_fts MATCH ? AND ${PUBLIC} AND a.category_id = ?
             ORDER BY a.published_at DESC, a.id DESC LIMIT ?`,
          )
          .bind(match, at, CATEGORY.dailyRoundup, ROUNDUP_CANDIDATES)
      : d1.prepare("SELECT NULL AS id WHERE 0"),
    coin.name.trim().length >= 3
      ? d1
          .prepare(
            `SELECT ${columns}, a.title AS content FROM articles_head_fts f JOIN articles a ON a.id = f.rowid
             WHERE articles_head_fts MATCH ? AND ${PUBLIC} AND a.category_id BETWEEN ? AND ?
             ORDER BY a.published_at DESC, a.id DESC LIMIT 10`,
          )
          .bind(`title : ${phrase(coin.name.trim())}`, at, CATEGORY.crypto101, CATEGORY.advancedTopics)
      : d1.prepare("SELECT NULL AS id WHERE 0"),
  ]);
  const news = new Map<number, CoverageItem>();
  for (const r of subject?.results ?? []) news.set(r.id, item(r, r.category_id === CATEGORY.dailyRoundup ? "roundup" : "analysis"));
  for (const r of roundups?.results ?? []) if (!news.has(r.id) && mentions(r.content, coin)) news.set(r.id, item(r, "roundup"));
  const newest = (a: CoverageItem, b: CoverageItem) => b.publishedAt.localeCompare(a.publishedAt) || b.id - a.id;
  const about = (guides?.results ?? []).filter((r) => mentions(r.title, { name: coin.name, symbol: "" }));
  return [
    ...[...news.values()].sort(newest).slice(0, NEWS_ITEMS),
    ...about
      .map((r) => item(r, "guide"))
      .sort(newest)
      .slice(0, GUIDE_ITEMS),
  ];
}
