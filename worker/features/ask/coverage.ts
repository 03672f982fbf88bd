import { CATEGORY, isGuideCategory, newsOnlySql } from "#schema/contracts/article-rules.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { TRACKED_COINS } from "#worker/lib/grounding/entities.ts";

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
  /**
   * What the item says about the coin: a roundup's own line about it (never the roundup's summary,
   * which is about the day and usually Bitcoin), an analysis's or guide's summary (they are about it).
   */
  summary: string;
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

function item(r: Row, kind: CoverageKind, summary = r.excerpt.trim()): CoverageItem {
  const base = isGuideCategory(r.category_id) ? "/crypto-101" : "/article";
  return { id: r.id, kind, title: r.title, excerpt: r.excerpt.trim(), summary, path: `${base}/${r.slug}`, publishedAt: r.published_at };
}

/** A quoted line stays a line: the answer lists it under "In short". */
const LINE_MAX = 320;

/** Tracked coins whose longer name holds this coin's ("Bitcoin Cash" for Bitcoin): their names are not mentions of it. */
function longerNames(coin: Pick<Crypto, "name">): RegExp | null {
  const name = coin.name.trim().toLowerCase();
  if (name.length < 3) return null;
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, "iu");
  const longer = TRACKED_COINS.map((c) => c.name).filter((n) => n.toLowerCase() !== name && word.test(n));
  return longer.length
    ? new RegExp(
        longer
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join("|"),
        "giu",
      )
    : null;
}

const plain = (s: string) =>
  s
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__|`/g, "")
    .replace(/^\s*(?:#+|[-*]|\d+[.)])\s+/, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The roundup's own line about the coin: the first sentence of its body (then its summary, then its
 * title) that names it, as readers read it. The footer (data time and sources) is not what the
 * article says, and a longer coin's name ("Bitcoin Cash") is not the coin. Null: it does not name it.
 */
export function lineAbout(r: Pick<Row, "title" | "excerpt" | "content">, coin: Pick<Crypto, "name" | "symbol">): string | null {
  const body = r.content.split(/\n\s*-{3,}\s*\n/)[0] ?? "";
  const others = longerNames(coin);
  for (const part of [body, r.excerpt, r.title]) {
    for (const line of part.split(/\n+/)) {
      for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z*"(])/)) {
        const text = plain(sentence);
        const masked = others ? text.replace(others, (m) => " ".repeat(m.length)) : text;
        if (text && mentions(masked, coin)) return text.length > LINE_MAX ? `${text.slice(0, LINE_MAX - 1).trimEnd()}…` : text;
      }
    }
  }
  return null;
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
         WHERE ${PUBLIC} AND upper(a.crypto_symbol) = ? AND ${newsOnlySql("a")} ORDER BY a.published_at DESC, a.id DESC LIMIT ?`,
      )
      .bind(at, coin.symbol.toUpperCase(), NEWS_ITEMS),
    match
      ? d1
          .prepare(
            `SELECT ${columns}, a.content AS content
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
  for (const r of roundups?.results ?? []) {
    if (news.has(r.id)) continue;
    // A roundup is coverage of the coin only where one of its lines names it: that line is what it says about it.
    const line = lineAbout(r, coin);
    if (line) news.set(r.id, item(r, "roundup", line));
  }
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
