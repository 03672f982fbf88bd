import { newsOnlySql } from "#schema/contracts/article-rules.ts";
import { articleEvent, sentimentEvent } from "./describe.ts";
import { type NewEvent, type RecordedEvent, recordEvents } from "./events.ts";

/**
 * The two alert kinds that do not follow the price: a new public article about a coin, and a day's
 * social sentiment against the day before (the newsroom's `sentiment_snapshots`). Run once a minute;
 * each keeps a cursor in `alert_cursors` so a quiet minute reads a couple of index entries and
 * nothing else. A repeated or overlapping run records nothing twice (the events' unique key).
 */

type Coin = { id: string; symbol: string; name: string };

async function readCursor(db: D1Database, name: string, initial: string): Promise<string> {
  const row = await db.prepare("SELECT value FROM alert_cursors WHERE name = ?1").bind(name).first<{ value: string }>();
  if (row) return row.value;
  await db.prepare("INSERT INTO alert_cursors (name, value) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING").bind(name, initial).run();
  return initial;
}

/** Moves a cursor forward only (two runs may finish in either order). */
async function advanceCursor(db: D1Database, name: string, value: string): Promise<void> {
  await db
    .prepare(`UPDATE alert_cursors SET value = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE name = ?1 AND value < ?2`)
    .bind(name, value)
    .run();
}

type ArticleRow = { id: number; slug: string; title: string; symbol: string; published_at: string };
type Watcher = { id: number; user_id: string };

/** Articles per minute a scan handles at most; the rest wait for the next minute (the cursor stops at the last one). */
const ARTICLES_PER_SCAN = 50;

/**
 * Public articles about a coin published since the cursor. An alert hears of an article published
 * after it was created; the first scan ever starts from now (no backlog of old articles).
 */
export async function scanArticles(db: D1Database, coins: ReadonlyMap<string, Coin>, now: number): Promise<RecordedEvent[]> {
  const iso = new Date(now).toISOString();
  const since = await readCursor(db, "articles", iso);
  const { results: found } = await db
    .prepare(
      `SELECT id, slug, title, upper(crypto_symbol) AS symbol, published_at FROM articles
       WHERE status = 'published' AND deleted_at IS NULL AND published_at > ?1 AND published_at <= ?2 AND crypto_symbol IS NOT NULL
         AND ${newsOnlySql()}
       ORDER BY published_at LIMIT ?3`,
    )
    .bind(since, iso, ARTICLES_PER_SCAN)
    .all<ArticleRow>();
  const last = found.at(-1);
  if (!last) return [];
  const events: NewEvent[] = [];
  for (const article of found) {
    const coin = coins.get(article.symbol);
    if (!coin) continue;
    const { results: watchers } = await db
      .prepare(
        `SELECT id, user_id FROM alerts
         WHERE coin_id = ?1 AND kind = 'new_article' AND armed = 1 AND paused = 0 AND created_at <= ?2`,
      )
      .bind(coin.id, article.published_at)
      .all<Watcher>();
    const text = articleEvent(coin, { slug: article.slug, title: article.title, publishedAt: article.published_at });
    for (const w of watchers) {
      events.push({
        userId: w.user_id,
        alertId: w.id,
        eventKey: `article:${article.id}`,
        kind: "new_article",
        symbol: coin.symbol,
        ...text,
      });
    }
  }
  const recorded = await recordEvents(db, events);
  await advanceCursor(db, "articles", last.published_at);
  return recorded.rows;
}

type SentimentRow = {
  id: number;
  user_id: string;
  symbol: string;
  coin_name: string;
  threshold: number;
  sentiment: number;
  previous: number;
  fetched_at: string;
};

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Sentiment alerts against the newest snapshot day and the day before it. The newsroom stores a day
 * band by band; the cursor remembers the day and the highest rank seen, so each band is evaluated
 * once it lands (and a finished day is not read again).
 */
export async function scanSentiment(db: D1Database): Promise<RecordedEvent[]> {
  const latest = await db
    .prepare(
      `SELECT d.date AS date, (SELECT max(rank) FROM sentiment_snapshots WHERE date = d.date) AS top
       FROM (SELECT max(date) AS date FROM sentiment_snapshots) AS d`,
    )
    .first<{ date: string | null; top: number | null }>();
  if (!latest?.date) return [];
  const mark = `${latest.date}#${String(latest.top ?? 0).padStart(4, "0")}`;
  if ((await readCursor(db, "sentiment", "")) >= mark) return [];
  const yesterday = previousDay(latest.date);
  const { results } = await db
    .prepare(
      `SELECT a.id, a.user_id, a.symbol, a.coin_name, a.threshold, t.sentiment, y.sentiment AS previous, t.fetched_at
       FROM sentiment_snapshots t
       JOIN sentiment_snapshots y ON y.date = ?2 AND y.coin_id = t.coin_id
       JOIN alerts a ON a.coin_id = t.coin_id AND a.kind = 'sentiment_shift' AND a.armed = 1 AND a.paused = 0
         AND a.threshold <= abs(t.sentiment - y.sentiment)
       WHERE t.date = ?1 AND t.sentiment IS NOT NULL AND y.sentiment IS NOT NULL`,
    )
    .bind(latest.date, yesterday)
    .all<SentimentRow>();
  const events: NewEvent[] = results.map((r) => ({
    userId: r.user_id,
    alertId: r.id,
    eventKey: `sentiment:${latest.date}`,
    kind: "sentiment_shift",
    symbol: r.symbol,
    ...sentimentEvent({ symbol: r.symbol, name: r.coin_name }, r.threshold, {
      date: latest.date as string,
      previousDate: yesterday,
      sentiment: r.sentiment,
      previous: r.previous,
      fetchedAt: r.fetched_at,
    }),
  }));
  const recorded = await recordEvents(db, events);
  await advanceCursor(db, "sentiment", mark);
  return recorded.rows;
}
