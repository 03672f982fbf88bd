import type { DigestFrequency } from "#schema/contracts/alert-rules.ts";
import { CATEGORY, newsOnlySql } from "#schema/contracts/article-rules.ts";
import { mentions } from "#worker/features/ask/index.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { type MemberMail, sendAlertsMail } from "./deliver.ts";
import { mailToken, publicOrigin } from "./links.ts";
import { type DigestCoin, digestMail } from "./mail-templates.ts";

/**
 * The opt-in watchlist digest. A member's first digest goes out on the first run after they turn it
 * on, then every 24 hours (daily) or 7 days (weekly) at about that time
 * (docs/decisions/alerts/mail-cap-and-digest.md). A run claims each due member by moving their due time
 * forward in one conditional UPDATE, so overlapping runs never mail anyone twice.
 */

type Frequency = Exclude<DigestFrequency, "off">;
export const DIGEST_PERIOD_MS: Record<Frequency, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };
/** Members per run (the every-minute cron): enough for a large list within an hour, small enough for one invocation. */
export const DIGESTS_PER_RUN = 25;
const DAY_MS = 86_400_000;

type Due = { user_id: string; email: string; digest: Frequency; digest_due_at: string };

/** When the one after `due` is due: the same time of day, unless the schedule fell behind. */
export function nextDue(due: string, frequency: Frequency, now: number): string {
  const next = Date.parse(due) + DIGEST_PERIOD_MS[frequency];
  return new Date(next > now ? next : now + DIGEST_PERIOD_MS[frequency]).toISOString();
}

async function claim(db: D1Database, d: Due, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE alert_settings SET digest_due_at = ?3, digest_sent_at = ?4
       WHERE user_id = ?1 AND digest = ?2 AND digest_due_at = ?5`,
    )
    .bind(d.user_id, d.digest, nextDue(d.digest_due_at, d.digest, now), new Date(now).toISOString(), d.digest_due_at)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

type SentimentRow = { date: string; coin_id: string; sentiment: number | null; fetched_at: string };
type ArticleRow = { symbol: string; slug: string; title: string; published_at: string };
type RoundupRow = { slug: string; title: string; published_at: string; content: string };
/** Daily Roundups read for mentions of the watched coins: a week's worth, the longest digest period. */
const ROUNDUPS_READ = 7;

/**
 * Each watched coin's figures for the period: the site's price snapshot, the newsroom's snapshots and
 * the newest Coinsight article about it: one whose subject is the coin (a Trending Analysis), or a
 * Daily Roundup that names it, whichever is newer (the roundup covers Bitcoin most days without being
 * "about" it).
 */
export async function digestCoins(db: D1Database, snapshot: PriceSnapshot | null, userId: string, frequency: Frequency, now: number) {
  const { results: watched } = await db
    .prepare("SELECT crypto_symbol AS symbol, crypto_name AS name, crypto_id AS id FROM watchlist WHERE user_id = ?1 ORDER BY id")
    .bind(userId)
    .all<{ symbol: string; name: string; id: string }>();
  if (watched.length === 0) return [];
  const latest = await db.prepare("SELECT max(date) AS date FROM sentiment_snapshots").first<{ date: string | null }>();
  const toDate = latest?.date ?? null;
  const fromDate = toDate
    ? new Date(Date.parse(`${toDate}T00:00:00Z`) - (frequency === "daily" ? 1 : 7) * DAY_MS).toISOString().slice(0, 10)
    : null;
  const ids = JSON.stringify(watched.map((w) => w.id));
  const [sentiments, articles, roundups] = await db.batch<SentimentRow | ArticleRow | RoundupRow>([
    db
      .prepare(
        `SELECT date, coin_id, sentiment, fetched_at FROM sentiment_snapshots
         WHERE date IN (?1, ?2) AND coin_id IN (SELECT value FROM json_each(?3))`,
      )
      .bind(toDate ?? "", fromDate ?? "", ids),
    db
      .prepare(
        `SELECT upper(crypto_symbol) AS symbol, slug, title, published_at FROM articles
         WHERE status = 'published' AND deleted_at IS NULL AND published_at <= ?1
           AND upper(crypto_symbol) IN (SELECT value FROM json_each(?2)) AND ${newsOnlySql()}
         ORDER BY published_at DESC LIMIT 500`,
      )
      .bind(new Date(now).toISOString(), JSON.stringify(watched.map((w) => w.symbol))),
    db
      .prepare(
        `SELECT slug, title, published_at, content FROM articles
         WHERE status = 'published' AND deleted_at IS NULL AND published_at <= ?1 AND category_id = ?2
         ORDER BY published_at DESC LIMIT ?3`,
      )
      .bind(new Date(now).toISOString(), CATEGORY.dailyRoundup, ROUNDUPS_READ),
  ]);
  const snap = new Map<string, SentimentRow>();
  for (const r of (sentiments?.results ?? []) as SentimentRow[]) snap.set(`${r.date}/${r.coin_id}`, r);
  const newest = new Map<string, ArticleRow>();
  for (const a of (articles?.results ?? []) as ArticleRow[]) if (!newest.has(a.symbol)) newest.set(a.symbol, a);
  const recentRoundups = (roundups?.results ?? []) as RoundupRow[];
  /** The coin's own newest article, or the newest roundup naming it when that is newer. */
  const newestAbout = (w: { symbol: string; name: string }) => {
    const own = newest.get(w.symbol.toUpperCase());
    const roundup = recentRoundups.find((r) => mentions(`${r.title}\n${r.content}`, w));
    if (!roundup) return own;
    return own && own.published_at >= roundup.published_at ? own : roundup;
  };
  const coins = new Map((snapshot?.coins ?? []).map((c) => [c.id, c]));
  return watched.map((w): DigestCoin => {
    const coin = coins.get(w.id);
    const to = snap.get(`${toDate}/${w.id}`);
    const from = snap.get(`${fromDate}/${w.id}`);
    const article = newestAbout(w);
    return {
      symbol: w.symbol,
      name: w.name,
      price:
        coin && snapshot
          ? { usd: coin.priceUsd, change: frequency === "daily" ? coin.change24h : coin.change7d, asOf: snapshot.updatedAt }
          : null,
      sentiment:
        to?.sentiment != null && from?.sentiment != null && toDate && fromDate
          ? { from: from.sentiment, to: to.sentiment, fromDate, toDate, asOf: to.fetched_at }
          : null,
      article: article ? { slug: article.slug, title: article.title, publishedAt: article.published_at } : null,
    };
  });
}

/** Mails the digests that are due (at most DIGESTS_PER_RUN). Members with an empty watchlist are skipped until next time. */
export async function runDigests(env: Env, snapshot: PriceSnapshot | null, now = Date.now()): Promise<{ sent: number; empty: number }> {
  const origin = publicOrigin(env);
  if (!origin) return { sent: 0, empty: 0 };
  const { results: due } = await env.DB.prepare(
    `SELECT s.user_id, u.email, s.digest, s.digest_due_at FROM alert_settings s JOIN users u ON u.id = s.user_id
     WHERE s.digest <> 'off' AND s.digest_due_at <= ?1 AND u.is_active = 1
     ORDER BY s.digest_due_at LIMIT ?2`,
  )
    .bind(new Date(now).toISOString(), DIGESTS_PER_RUN)
    .all<Due>();
  const messages: MemberMail[] = [];
  let empty = 0;
  for (const d of due) {
    if (!(await claim(env.DB, d, now))) continue;
    const coins = await digestCoins(env.DB, snapshot, d.user_id, d.digest, now);
    if (coins.length === 0) {
      empty += 1;
      continue;
    }
    const asOf = snapshot?.updatedAt ?? new Date(now).toISOString();
    messages.push({
      userId: d.user_id,
      key: `digest/${d.user_id}/${d.digest_due_at}`,
      message: digestMail(
        { frequency: d.digest, asOf, coins },
        { to: d.email, origin, token: await mailToken(env, origin, "digest", d.user_id, now) },
      ),
    });
  }
  const sent = await sendAlertsMail(env, messages, now);
  return { sent: sent.length, empty };
}
