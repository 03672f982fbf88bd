import { and, desc, eq } from "drizzle-orm";
import type { QuestionType } from "#schema/contracts/ask.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { articles } from "#schema/db/content.ts";
import { isPublic } from "#worker/features/content/article-store.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/price-snapshot.ts";
import type { Source } from "#worker/features/newsroom/articles.ts";
import { coinFacts, facts as newsroomFacts } from "#worker/features/newsroom/facts.ts";
import { SENTIMENT_MODEL_NAME } from "#worker/features/newsroom/provenance.ts";
import { latestSnapshotDate, readCoin, type SnapshotRow } from "#worker/features/newsroom/snapshots.ts";
import type { Db } from "#worker/lib/db.ts";
import type { AnswerBrief, NewsItem } from "#worker/ports/llm/answer.ts";
import type { Fact, FactKind, FactSection } from "#worker/ports/llm/llm.ts";
import { extractFigures } from "./figure-check.ts";
import { dailyCloses, ONE_SIGMA_SHARE, realisedVolatility, volatilityRange } from "./volatility.ts";

export const QUESTIONS: Record<QuestionType, string> = {
  about: "What is this coin, and what are its rank, supply and category?",
  price_movement: "How has its price moved recently, and is that unusual?",
  future_price: "What price range is plausible over the next 7 and 30 days?",
  social_sentiment: "What is the social sentiment around it?",
  latest_news: "What is the latest Coinsight news about it?",
};

/** Where the answer's figures came from; the footer names them. */
export type BriefWithSources = { brief: AnswerBrief; sources: Source[] };

export type BriefInput = { db: Db; d1: D1Database; snapshot: PriceSnapshot; coin: Crypto; now: number };

const NEWS_LIMIT = 5;

function marketSource(source: string): Source {
  return source === "coingecko"
    ? { name: "CoinGecko", url: "https://www.coingecko.com", role: "market" }
    : { name: "Demo market data replayed from a CoinGecko snapshot", url: "https://www.coingecko.com", role: "market" };
}

/** A fact's id from its label ("Bitcoin price (USD)" -> "bitcoin-price-usd"): stable and readable. */
const idOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The newsroom's fact constructors (one display text per figure), with ids taken from the labels. */
const facts = {
  price: (label: string, v: number) => newsroomFacts.price(idOf(label), label, v),
  money: (label: string, v: number) => newsroomFacts.money(idOf(label), label, v, {}),
  change: (label: string, v: number) => newsroomFacts.change(idOf(label), label, v),
  share: (label: string, v: number, decimals: number) => newsroomFacts.share(idOf(label), label, v, decimals, {}),
  rank: (label: string, v: number) => newsroomFacts.rank(idOf(label), label, v),
  score: (label: string, v: number) => newsroomFacts.score(idOf(label), label, v),
  count: (label: string, v: number) => newsroomFacts.count(idOf(label), label, v),
};

/** A date's parts ("2026-11-20" -> 2026, 11, 20), which an answer may write without a fact. */
function dateNumbers(date: string): number[] {
  const [y, m, d] = date.split("-").map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
}

function base(type: QuestionType, coin: Crypto, asOf: string): AnswerBrief {
  return {
    questionType: type,
    coin: { name: coin.name, symbol: coin.symbol },
    question: QUESTIONS[type],
    asOf,
    sections: [],
    named: {},
    allowedNumbers: [],
    notes: [],
    categories: [],
    news: [],
  };
}

/** Adds named facts as one section of the brief. */
function section(brief: AnswerBrief, title: string, named: Record<string, Fact | null | undefined>): void {
  const list: Fact[] = [];
  for (const [key, f] of Object.entries(named)) {
    if (!f) continue;
    brief.named[key] = f;
    list.push(f);
  }
  if (list.length) brief.sections.push({ title, facts: list } satisfies FactSection);
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

/** "+2.31%" is checked as 2.31, as it is shown. */
const change = (label: string, v: number | null) => (v == null ? null : facts.change(label, Number(v.toFixed(2))));
const share = (label: string, v: number, decimals: number) => facts.share(label, Number(v.toFixed(decimals)), decimals);

async function volatilityOf(input: BriefInput) {
  const closes = await dailyCloses(input.d1, input.coin.id, input.now);
  return realisedVolatility(closes, { day: Math.floor(input.now / 86_400_000), price: input.coin.priceUsd });
}

export async function buildBrief(type: QuestionType, input: BriefInput): Promise<BriefWithSources> {
  const { coin, snapshot } = input;
  const name = coin.name;
  const market = marketSource(snapshot.source);
  const brief = base(type, coin, snapshot.updatedAt);

  if (type === "about") {
    const count = (label: string, v: number | null) => (v == null || v <= 0 ? null : facts.count(label, v));
    section(brief, `${name} at a glance`, {
      rank: facts.rank(`${name} market-cap rank`, coin.rank),
      price: facts.price(`${name} price (USD)`, coin.priceUsd),
      marketCap: coin.marketCap > 0 ? facts.money(`${name} market cap`, coin.marketCap) : null,
      volume24h: coin.volume24h != null && coin.volume24h > 0 ? facts.money(`${name} 24-hour trading volume`, coin.volume24h) : null,
    });
    section(brief, "Supply", {
      circulating: count(`${name} circulating supply`, coin.circulatingSupply),
      total: count(`${name} total supply`, coin.totalSupply),
      max: count(`${name} maximum supply`, coin.maxSupply),
      circulatingShare:
        coin.circulatingSupply && coin.maxSupply
          ? share(`Share of the maximum supply in circulation`, (coin.circulatingSupply / coin.maxSupply) * 100, 1)
          : null,
    });
    const row = await latestSocialRow(input);
    brief.categories = row?.categories ?? [];
    return { brief, sources: [market] };
  }

  if (type === "price_movement") {
    const top100 = snapshot.coins.filter((c) => c.rank <= 100 && c.change24h != null).map((c) => c.change24h ?? 0);
    const marketMedian = median(top100);
    const vol = await volatilityOf(input);
    const typical = vol ? vol.daily * 100 : null;
    section(brief, `${name} price moves`, {
      price: facts.price(`${name} price (USD)`, coin.priceUsd),
      change1h: change(`${name} 1-hour price change`, coin.change1h),
      change24h: change(`${name} 24-hour price change`, coin.change24h),
      change7d: change(`${name} 7-day price change`, coin.change7d),
    });
    section(brief, "Context", {
      marketMedian24h: change("Median 24-hour price change of the top 100 coins", marketMedian),
      typicalDailyMove: typical ? share(`${name} usual daily move (realised volatility, one standard deviation)`, typical, 2) : null,
      moveVsTypical:
        typical && coin.change24h != null
          ? facts.score(`${name} 24-hour move in multiples of its usual daily move`, Math.abs(coin.change24h) / typical)
          : null,
    });
    if (!vol) brief.notes.push(`Coinsight does not hold enough daily price history for ${name} yet to say how unusual this move is.`);
    return { brief, sources: vol ? [market, historySource(vol.returns)] : [market] };
  }

  if (type === "future_price") {
    const vol = await volatilityOf(input);
    brief.allowedNumbers.push(7, 30);
    section(brief, `${name} price`, { price: facts.price(`${name} price (USD)`, coin.priceUsd) });
    if (vol) {
      const r7 = volatilityRange(coin.priceUsd, vol.daily, 7);
      const r30 = volatilityRange(coin.priceUsd, vol.daily, 30);
      section(brief, "Statistical range from realised volatility (not a forecast)", {
        dailyVolatility: share(`${name} realised daily volatility`, vol.daily * 100, 2),
        returnsUsed: facts.count("Daily price moves the volatility was measured over", vol.returns),
        confidence: facts.share("Share of outcomes a one-standard-deviation range holds", ONE_SIGMA_SHARE, 0),
        low7: facts.price("Low end of the 7-day range", r7.low),
        high7: facts.price("High end of the 7-day range", r7.high),
        low30: facts.price("Low end of the 30-day range", r30.low),
        high30: facts.price("High end of the 30-day range", r30.high),
      });
    }
    return { brief, sources: vol ? [market, historySource(vol.returns)] : [market] };
  }

  if (type === "social_sentiment") {
    const row = await latestSocialRow(input);
    if (row && row.galaxyScore != null) {
      const c = coinFacts(row);
      brief.asOf = row.fetchedAt;
      section(brief, `${name} social metrics (${row.date})`, {
        sentiment: c.sentiment,
        galaxyScore: c.galaxyScore,
        galaxyScorePrevious: c.galaxyScorePrevious,
        galaxyChange: c.galaxyChange,
        altRank: c.altRank,
        socialVolume: c.socialVolume,
        interactions: c.interactions,
        socialDominance: c.socialDominance,
      });
      brief.allowedNumbers.push(...dateNumbers(row.date));
      const social: Source =
        row.source === "lunarcrush"
          ? { name: "LunarCrush", url: "https://lunarcrush.com", role: "social" }
          : { name: SENTIMENT_MODEL_NAME, role: "social" };
      return { brief, sources: [social] };
    }
    return { brief, sources: [{ name: "Coinsight newsroom social data", role: "social" }] };
  }

  // latest_news: the site's own articles about the coin.
  const rows = await input.db
    .select({ slug: articles.slug, title: articles.title, excerpt: articles.excerpt, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(isPublic(new Date(input.now).toISOString()), eq(articles.cryptoSymbol, coin.symbol)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(NEWS_LIMIT);
  brief.news = rows.map(
    (r): NewsItem => ({ title: r.title, path: `/article/${r.slug}`, date: (r.publishedAt ?? "").slice(0, 10), excerpt: r.excerpt }),
  );
  if (rows[0]?.publishedAt) brief.asOf = rows[0].publishedAt;
  // The articles' own figures may be quoted as the articles state them.
  const quoted = brief.news.flatMap((a) => [
    ...factsFromText(a.title, `"${a.title}"`),
    ...factsFromText(a.excerpt, `"${a.title}" summary`),
  ]);
  if (quoted.length) brief.sections.push({ title: "Figures stated in those articles", facts: quoted });
  section(brief, "Coverage", { articleCount: facts.count(`Coinsight articles about ${name} listed here`, rows.length) });
  brief.allowedNumbers.push(...brief.news.flatMap((a) => dateNumbers(a.date)));
  return { brief, sources: [{ name: "Coinsight newsroom articles", role: "writer" }] };
}

function historySource(returns: number): Source {
  return { name: `Coinsight price history (${returns} daily closes)`, role: "market" };
}

async function latestSocialRow(input: BriefInput): Promise<SnapshotRow | null> {
  const date = await latestSnapshotDate(input.db, new Date(input.now).toISOString().slice(0, 10));
  return date ? readCoin(input.db, date, input.coin.id) : null;
}

const KIND_OF: Record<string, FactKind> = { money: "money", percent: "percent", rank: "rank", number: "count" };

/** The figures a text states, as facts with exactly that text (a headline may be quoted as written). */
export function factsFromText(text: string, label: string): Fact[] {
  return extractFigures(text).map((f, i) => ({
    id: `${idOf(label)}-${i + 1}`,
    label: `Figure stated in ${label}`,
    kind: KIND_OF[f.kind] ?? "count",
    value: f.sign < 0 ? -f.value : f.value,
    display: f.text,
    ...(f.sign !== 0 ? { signed: true } : {}),
  }));
}
