/**
 * The seed of `npm run bench:scale`, written straight into the SQLite file in which Miniflare keeps
 * the D1 database (node:sqlite, while Miniflare is stopped). Through the D1 binding each batch was a
 * round trip into workerd and its own transaction: 1 % of 100,000 articles after two minutes on this
 * machine. In-process, in transactions of a few thousand rows, the same rows take minutes.
 * The articles still go in through `articles`' triggers, so the search indexes are exactly what the
 * site's own writes would have made of them.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { corpus, rng } from "./corpus.ts";

export type SeedCounts = { articles: number; members: number; subscribers: number };
type Progress = (label: string, done: number, total: number) => void;
type Coin = { id: string; symbol: string; name: string; rank: number; price: number };

/** The one database file of the D1 binding under Miniflare's persistence directory. */
export function d1File(state: string): string {
  const dir = join(state, "d1/miniflare-D1DatabaseObject");
  const files = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (files.length !== 1) throw new Error(`expected one D1 database in ${dir}, found ${files.length}`);
  return join(dir, files[0] as string);
}

/** Seeds the file; returns how long each part took (ms). */
export function seedDatabase(file: string, counts: SeedCounts, progress: Progress): Record<string, number> {
  const db = new DatabaseSync(file);
  const took: Record<string, number> = {};
  const timed = (part: string, work: () => void) => {
    const t0 = Date.now();
    work();
    took[part] = Date.now() - t0;
  };
  try {
    // A crash mid-seed loses a bench database, not data: no fsync per transaction.
    db.exec("PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; PRAGMA temp_store = MEMORY");
    const coins = db.prepare("SELECT id, symbol, name, rank, price FROM coins ORDER BY rank").all() as unknown as Coin[];
    if (!coins.length) throw new Error("no coins: the warm-up read must fill the coins table before the seed");
    timed("articles", () => insertArchive(db, counts.articles, coins, progress));
    timed("members", () => generate(db, `members (${counts.members.toLocaleString("en")})`, counts.members, membersSql, progress));
    timed("subscribers", () =>
      generate(db, `confirmed subscribers (${counts.subscribers.toLocaleString("en")})`, counts.subscribers, subscribersSql, progress),
    );
    timed("history", () => insertHistory(db, coins, progress));
    // Miniflare reopens the file afterwards: nothing left in the write-ahead log.
    db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return took;
}

const counter = (from: number, to: number) => `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})`;

const membersSql = (from: number, to: number) =>
  `${counter(from, to)} INSERT INTO users (id, email, role, identity_issuer, identity_subject, last_login_at) ` +
  `SELECT printf('bench-member-%07d', i), printf('member%07d@example.com', i), 'user', 'bench', printf('member-%07d', i), ` +
  `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d minutes', i % 100000)) FROM n`;

const subscribersSql = (from: number, to: number) =>
  `${counter(from, to)} INSERT INTO newsletter_subscribers (email, status, consent_at, confirmed_at, unsubscribe_token) ` +
  `SELECT printf('reader%07d@example.com', i), 'confirmed', '2026-01-01T00:00:00.000Z', '2026-01-01T00:05:00.000Z', ` +
  `lower(hex(randomblob(32))) FROM n`;

/** Rows made inside SQLite from a counter (a recursive CTE), a transaction per chunk. */
function generate(db: DatabaseSync, label: string, total: number, sql: (from: number, to: number) => string, progress: Progress): void {
  const chunk = 20_000;
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    db.exec(sql(from, to));
    progress(label, to, total);
  }
}

/**
 * A year of history for every coin the feed tracks, thinned as rollUpHistory keeps it: every 5
 * minutes for 2 days, hourly to 90 days, daily beyond (price-store.ts).
 */
function insertHistory(db: DatabaseSync, coins: Coin[], progress: Progress): void {
  const now = Math.floor(Date.now() / 1000 / 300) * 300;
  const times = [
    ...Array.from({ length: (2 * 86_400) / 300 }, (_, i) => now - i * 300),
    ...Array.from({ length: 88 * 24 }, (_, i) => Math.floor((now - 2 * 86_400) / 3600) * 3600 - i * 3600),
    ...Array.from({ length: 275 }, (_, i) => Math.floor((now - 90 * 86_400) / 86_400) * 86_400 - i * 86_400),
  ];
  const ts = JSON.stringify(times);
  const insert = db.prepare(
    "INSERT OR IGNORE INTO price_history (coin_id, ts, price, market_cap, volume_24h) " +
      "SELECT ?1, j.value, ?2 * (1 + 0.2 * sin(j.value / 86400.0)), NULL, NULL FROM json_each(?3) AS j",
  );
  const label = `price history (${coins.length} coins x ${times.length} points)`;
  for (let i = 0; i < coins.length; i += 50) {
    db.exec("BEGIN");
    for (const coin of coins.slice(i, i + 50)) insert.run(coin.id, coin.price || 1, ts);
    db.exec("COMMIT");
    progress(label, Math.min(coins.length, i + 50), coins.length);
  }
}

const DAY = 86_400_000;
/** Production's newsroom writes ten a day: the roundup and three per rank band (newsroom/tasks). */
const PER_DAY_TODAY = 10;
const MAX_DAYS = 5 * 365;
const BANDS = [
  { task: "trending_top_100", upTo: 100 },
  { task: "trending_101_300", upTo: 300 },
  { task: "trending_301_500", upTo: Number.POSITIVE_INFINITY },
] as const;

/**
 * The archive as the newsroom would have written it, oldest first (ids follow publishing order):
 * ten articles a day going back, up to five years, then more a day; each day a roundup and trending
 * analyses of distinct coins, with the newsroom's slugs, generation keys, covers and footer, and
 * about 1 % held for review (never published). Real prose: the guides' sentences (corpus.ts).
 */
function* archive(count: number, coins: Coin[]) {
  const { sentences } = corpus();
  const next = rng(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const words = (n: number) =>
    pick(sentences)
      .split(" ")
      .slice(0, n)
      .join(" ")
      .replace(/[.,;:!?]$/, "");
  const days = Math.max(1, Math.min(MAX_DAYS, Math.ceil(count / PER_DAY_TODAY)));
  const perDay = Math.ceil(count / days);
  // The archive ends yesterday: today belongs to the run's own newsroom day.
  const first = Math.floor(Date.now() / DAY) * DAY - Math.ceil(count / perDay) * DAY;
  const order = coins.map((_, i) => i);
  let written = 0;
  for (let d = 0; d < days && written < count; d++) {
    const date = new Date(first + d * DAY).toISOString().slice(0, 10);
    const dataAsOf = `${date}T06:00:00.000Z`;
    const day = new Date(dataAsOf).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    const today = Math.min(perDay, count - written);
    for (let k = 0; k < today; k++) {
      const roundup = k === 0;
      // Distinct coins for the day (a partial shuffle); past 500 a day, a coin's second article takes "-2".
      const slot = (k - 1) % coins.length;
      if (!roundup && slot === 0) for (let i = 0; i < order.length; i++) swap(order, i, i + Math.floor(next() * (order.length - i)));
      const coin = roundup ? pick(coins) : (coins[order[slot] as number] as Coin);
      const again = roundup || k <= coins.length ? "" : `-${Math.floor((k - 1) / coins.length) + 1}`;
      const paragraphs = Array.from({ length: 5 + Math.floor(next() * 6) }, () =>
        Array.from({ length: 3 + Math.floor(next() * 3) }, () =>
          pick(sentences).replace(/\bBitcoin\b/, next() < 0.3 ? coin.name : "Bitcoin"),
        ).join(" "),
      );
      const body = paragraphs.map((p, j) => (j % 3 === 0 ? `## ${words(5)}\n\n${p}` : p)).join("\n\n");
      const sources = roundup ? "CoinGecko · LunarCrush" : "[CoinGecko](https://www.coingecko.com) · [LunarCrush](https://lunarcrush.com)";
      const content = `${body}\n\n---\n\n*Data as of ${day}, 06:00 UTC.*\n\n**Sources:** ${sources}\n`;
      const held = next() < 0.01;
      const at = new Date(first + d * DAY + 6.5 * 3_600_000 + k * 20_000).toISOString();
      const band = BANDS.find((b) => coin.rank <= b.upTo) ?? BANDS[2];
      written++;
      yield {
        slug: roundup ? `daily-crypto-roundup-${date}` : `${coin.id}-trending-analysis-${date}${again}`,
        title: roundup ? `Daily crypto roundup, ${day}: ${words(6)}` : `${coin.name} (${coin.symbol.toUpperCase()}): ${words(8)}`,
        excerpt: pick(sentences),
        content,
        categoryId: roundup ? 18 : 17,
        symbol: roundup ? null : coin.symbol,
        name: roundup ? null : coin.name,
        rank: roundup ? null : coin.rank,
        status: held ? "review" : "published",
        publishedAt: held ? null : at,
        readTime: Math.max(1, Math.ceil(content.split(/\s+/).length / 200)),
        image: roundup ? "/images/covers/daily-roundup.svg" : "/images/covers/trending-analysis.svg",
        dataAsOf,
        sources: JSON.stringify([
          { name: "CoinGecko", url: "https://www.coingecko.com", role: "market", kind: "live", asOf: dataAsOf },
          { name: "LunarCrush", url: "https://lunarcrush.com", role: "social", kind: "live", asOf: dataAsOf },
        ]),
        reviewReason: held ? `Claim check failed:\n${coin.name}'s 24h change: the draft says ${words(4)}` : null,
        key: roundup ? `${date}:daily_roundup` : `${date}:${band.task}:${coin.id}${again}`,
        at,
      };
    }
  }
}

function swap(list: number[], i: number, j: number): void {
  const t = list[i] as number;
  list[i] = list[j] as number;
  list[j] = t;
}

function insertArchive(db: DatabaseSync, count: number, coins: Coin[], progress: Progress): void {
  const insert = db.prepare(
    "INSERT INTO articles (slug, title, excerpt, content, category_id, crypto_symbol, crypto_name, rank, status, published_at, " +
      "read_time, image_url, data_as_of, sources_json, review_reason, generation_key, created_at, updated_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const label = `articles (${count.toLocaleString("en")}, with the search indexes)`;
  let done = 0;
  db.exec("BEGIN");
  for (const a of archive(count, coins)) {
    insert.run(
      a.slug,
      a.title,
      a.excerpt,
      a.content,
      a.categoryId,
      a.symbol,
      a.name,
      a.rank,
      a.status,
      a.publishedAt,
      a.readTime,
      a.image,
      a.dataAsOf,
      a.sources,
      a.reviewReason,
      a.key,
      a.at,
      a.at,
    );
    if (++done % 2_000 === 0) {
      db.exec("COMMIT; BEGIN");
      progress(label, done, count);
    }
  }
  db.exec("COMMIT");
  progress(label, count, count);
}
