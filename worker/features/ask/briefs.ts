import type { QuestionType } from "#schema/contracts/ask.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { PriceSnapshot } from "#worker/features/cryptos/index.ts";
import { formatPrice } from "#worker/features/cryptos/index.ts";
import type { Source } from "#worker/features/newsroom/index.ts";
import {
  coinFacts,
  DEMO_MARKET_NAME,
  latestSnapshotDate,
  readCoin,
  SENTIMENT_MODEL_NAME,
  type SnapshotRow,
} from "#worker/features/newsroom/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { facts, longDate } from "#worker/lib/grounding/index.ts";
import type { AnswerBrief } from "#worker/ports/llm/answer.ts";
import type { Fact, FactSection } from "#worker/ports/llm/llm.ts";
import { type CoverageItem, findCoverage } from "./coverage.ts";
import { dailyCloses, ONE_SIGMA_SHARE, periodOf, realisedVolatility, type Volatility, volatilityRange } from "./volatility.ts";

export const QUESTIONS: Record<QuestionType, string> = {
  about: "What is this coin, and what are its rank, supply and category?",
  price_movement: "How has its price moved recently, and is that unusual?",
  future_price: "What price range is plausible over the next 7 and 30 days?",
  social_sentiment: "What is the social sentiment around it?",
  latest_news: "What is the latest Coinsight news about it?",
};

/**
 * Where the answer's figures came from (the footer names them), and `unanswerable` when the site
 * holds too little to answer at all: the route then refuses without calling the answerer and gives
 * the unit back (a question Coinsight cannot answer never costs anything).
 */
export type BriefWithSources = { brief: AnswerBrief; sources: Source[]; unanswerable?: string; volatility?: Volatility };

/** Appended to every refusal for missing data, so the reader knows nothing was spent. */
export const NOT_COUNTED = "This question was not counted.";

export type BriefInput = { db: Db; d1: D1Database; snapshot: PriceSnapshot; coin: Crypto; now: number };

export function marketSource(source: string): Source {
  return source === "coingecko"
    ? { name: "CoinGecko", url: "https://www.coingecko.com", role: "market" }
    : { name: DEMO_MARKET_NAME, url: "https://www.coingecko.com", role: "market" };
}

/** The brief every question starts from: the coin is its one entity, so the answer may name no other. */
function base(type: QuestionType, coin: Crypto, asOf: string): AnswerBrief {
  return {
    questionType: type,
    coin: { id: coin.id, name: coin.name, symbol: coin.symbol },
    question: QUESTIONS[type],
    asOf,
    sections: [],
    named: {},
    entities: [{ id: coin.id, name: coin.name, symbol: coin.symbol }],
    notes: [],
  };
}

/** Adds named facts as one section of the brief. */
export function section(brief: AnswerBrief, title: string, named: Record<string, Fact | null | undefined>): void {
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

async function volatilityOf(input: BriefInput) {
  const closes = await dailyCloses(input.d1, input.coin.id, input.now);
  return realisedVolatility(closes, { day: Math.floor(input.now / 86_400_000), price: input.coin.priceUsd });
}

/**
 * The facts of one question, each with an id (`bitcoin.change_24h`, the newsroom's ids where the
 * figure is the same), its coin, what it measures and, for changes, its period.
 */
export async function buildBrief(type: QuestionType, input: BriefInput): Promise<BriefWithSources> {
  const { coin, snapshot } = input;
  const { id, name } = coin;
  const about = { subject: id };
  const market = marketSource(snapshot.source);
  const brief = base(type, coin, snapshot.updatedAt);
  const change = (key: string, label: string, v: number | null, period: "1h" | "24h" | "7d") =>
    v == null ? null : facts.change(`${id}.${key}`, `${name} ${label}`, v, { ...about, period });

  if (type === "about") {
    // Each supply figure is its own measure, so "maximum supply" can never cite the circulating one.
    const supply = (key: string, label: string, v: number | null, metric: "circulatingSupply" | "totalSupply" | "maxSupply") =>
      v == null || v <= 0 ? null : facts.supply(`${id}.${key}`, `${name} ${label}`, v, coin.symbol, { ...about, metric });
    section(brief, `${name} at a glance`, {
      rank: facts.rank(`${id}.rank`, `${name} market-cap rank`, coin.rank, about),
      price: facts.price(`${id}.price`, `${name} price (USD)`, coin.priceUsd, about),
      marketCap:
        coin.marketCap > 0
          ? facts.money(`${id}.market_cap`, `${name} market cap`, coin.marketCap, { ...about, metric: "marketCap" })
          : null,
      volume24h:
        coin.volume24h != null && coin.volume24h > 0
          ? facts.money(`${id}.volume_24h`, `${name} 24-hour trading volume`, coin.volume24h, { ...about, metric: "volume" })
          : null,
    });
    const row = await latestSocialRow(input);
    section(brief, "Supply and category", {
      circulating: supply("circulating_supply", "circulating supply (coins)", coin.circulatingSupply, "circulatingSupply"),
      total: supply("total_supply", "total supply (coins)", coin.totalSupply, "totalSupply"),
      max: supply("max_supply", "maximum supply (coins)", coin.maxSupply, "maxSupply"),
      circulatingShare:
        coin.circulatingSupply && coin.maxSupply
          ? facts.share(
              `${id}.circulating_share`,
              `Share of ${name}'s maximum supply in circulation`,
              (coin.circulatingSupply / coin.maxSupply) * 100,
              1,
              { ...about, metric: "supplyShare" },
            )
          : null,
      categories: row?.categories.length
        ? facts.text(`${id}.categories`, `${name} categories`, row.categories.map((c) => c.replace(/-/g, " ")).join(", "), about)
        : null,
    });
    return { brief, sources: [market] };
  }

  if (type === "price_movement") {
    const top100 = snapshot.coins.filter((c) => c.rank <= 100 && c.change24h != null).map((c) => c.change24h ?? 0);
    const marketMedian = median(top100);
    const vol = await volatilityOf(input);
    const typical = vol ? vol.daily * 100 : null;
    section(brief, `${name} price moves`, {
      price: facts.price(`${id}.price`, `${name} price (USD)`, coin.priceUsd, about),
      change1h: change("change_1h", "1-hour price change", coin.change1h, "1h"),
      change24h: change("change_24h", "24-hour price change", coin.change24h, "24h"),
      change7d: change("change_7d", "7-day price change", coin.change7d, "7d"),
    });
    section(brief, "Context", {
      top100:
        marketMedian == null ? null : facts.text("scope.top100", "The 100 largest coins by market cap", "top 100", { group: "top100" }),
      marketMedian24h:
        marketMedian == null
          ? null
          : facts.change("market.median_change_24h", "Median 24-hour price change of the top 100 coins", marketMedian, {
              period: "24h",
              group: "top100",
              stat: "median",
            }),
      typicalDailyMove: typical
        ? facts.share(`${id}.usual_daily_move`, `${name} usual daily move (realised volatility, one standard deviation)`, typical, 2, {
            ...about,
            metric: "change",
            period: "24h",
            baseline: true,
          })
        : null,
      moveVsTypical:
        typical && coin.change24h != null
          ? facts.relative(
              `${id}.move_vs_usual`,
              `${name} 24-hour move in multiples of its usual daily move`,
              Math.abs(coin.change24h) / typical,
              {
                ...about,
                versus: "usual",
                multiple: true,
                period: "24h",
              },
            )
          : null,
    });
    if (!vol) brief.notes.push(`Coinsight does not hold enough daily price history for ${name} yet to say how unusual this move is.`);
    const unanswerable =
      coin.change1h == null && coin.change24h == null && coin.change7d == null
        ? `Coinsight has no recent price changes for ${name}, so there is no move to describe. ${NOT_COUNTED}`
        : undefined;
    return {
      brief,
      sources: vol ? [market, historySource(vol)] : [market],
      ...(unanswerable ? { unanswerable } : {}),
      ...(vol ? { volatility: vol } : {}),
    };
  }

  if (type === "future_price") {
    const vol = await volatilityOf(input);
    section(brief, `${name} price`, { price: facts.price(`${id}.price`, `${name} price (USD)`, coin.priceUsd, about) });
    if (!vol) {
      return {
        brief,
        sources: [market],
        unanswerable: `Coinsight does not hold enough daily price history for ${name} to compute a range from its realised volatility. ${NOT_COUNTED}`,
      };
    }
    // Each range is one fact with its horizon in its text, so no answer can give one horizon the other's bounds.
    const range = (days: 7 | 30) => {
      const r = volatilityRange(coin.priceUsd, vol.daily, days);
      return facts.range(
        `${id}.range_${days}d`,
        `${name} one-standard-deviation price range over the next ${days} days`,
        `${formatPrice(r.low)} to ${formatPrice(r.high)} over the next ${days} days`,
        about,
      );
    };
    section(brief, "Statistical range from realised volatility", {
      dailyVolatility: facts.share(`${id}.daily_volatility`, `${name} realised daily volatility`, vol.daily * 100, 2, {
        ...about,
        metric: "change",
        period: "24h",
        baseline: true,
      }),
      // The range's own workings: read as part of the labelled statistical range, not as market claims.
      returnsUsed: facts.count(`${id}.volatility_days`, "Daily price moves the volatility was measured over", vol.returns, {
        ...about,
        metric: "range",
      }),
      // The text already reads "daily closes 1–30 April 2026": the label says so, so a writer cites it
      // after "Measured on" rather than after "Measured on daily closes" (which doubled the phrase).
      period: facts.text(
        `${id}.volatility_period`,
        'The days the volatility was measured over, already worded "daily closes <days>"',
        periodOf(vol),
        about,
      ),
      confidence: facts.share("range.one_sigma_share", "Share of outcomes a one-standard-deviation range holds", ONE_SIGMA_SHARE, 0, {
        metric: "range",
      }),
      range7d: range(7),
      range30d: range(30),
    });
    return { brief, sources: [market, historySource(vol)], volatility: vol };
  }

  if (type === "social_sentiment") {
    const row = await latestSocialRow(input);
    if (row && row.galaxyScore != null) {
      // The newsroom's own facts of the day's snapshot row: the same ids and texts as its articles.
      const c = coinFacts(row);
      brief.asOf = row.fetchedAt;
      section(brief, `${name} social metrics (${longDate(row.date)})`, {
        sentiment: c.sentiment,
        galaxyScore: c.galaxyScore,
        galaxyScorePrevious: c.galaxyScorePrevious,
        galaxyChange: c.galaxyChange,
        altRank: c.altRank,
        socialVolume: c.socialVolume,
        interactions: c.interactions,
        socialDominance: c.socialDominance,
      });
      const social: Source =
        row.source === "lunarcrush"
          ? { name: "LunarCrush", url: "https://lunarcrush.com", role: "social" }
          : { name: SENTIMENT_MODEL_NAME, role: "social" };
      return { brief, sources: [social] };
    }
    return {
      brief,
      sources: [{ name: "Coinsight newsroom social data", role: "social" }],
      unanswerable: `The newsroom's social data does not cover ${name} yet, so there is no sentiment reading to report. ${NOT_COUNTED}`,
    };
  }

  // latest_news: the site's own coverage of the coin, each item quoted whole (kind and link, date, summary) by id.
  const items = await findCoverage(input.d1, coin, input.now);
  if (!items.length) {
    return {
      brief,
      sources: [],
      unanswerable: `Coinsight has not published an analysis, a Daily Roundup mention or a guide about ${name} yet. ${NOT_COUNTED}`,
    };
  }
  const newest = items.find((i) => i.kind !== "guide") ?? items[0];
  if (newest) brief.asOf = newest.publishedAt;
  // What the site wrote about the coin, once per kind (the newest of each): a roundup's own line about
  // it, its analysis's summary, its guide's. A roundup's own summary is about the day, never quoted.
  const summarised = new Set<CoverageItem["kind"]>();
  items.forEach((it, i) => {
    const n = i + 1;
    const date = it.publishedAt.slice(0, 10);
    const summary = it.summary && !summarised.has(it.kind) ? it.summary : null;
    if (summary) summarised.add(it.kind);
    section(brief, `Coinsight ${KIND_TITLES[it.kind]} ${n} about ${name}${n === 1 ? " (the newest)" : ""}`, {
      [`news${n}`]: facts.text(`news.${n}.link`, `Link to the ${KIND_TITLES[it.kind]} "${it.title}"`, linkText(it), about),
      [`news${n}Date`]: date ? facts.text(`news.${n}.date`, "Its publication date", longDate(date), about) : null,
      [`news${n}Summary`]: summary ? facts.text(`news.${n}.summary`, SUMMARY_LABELS[it.kind](name), summary, about) : null,
    });
  });
  const sources: Source[] = [{ name: "Coinsight newsroom articles", role: "writer" }];
  if (items.some((i) => i.kind === "guide")) sources.push({ name: "Coinsight Crypto 101 guides", url: "/crypto-101", role: "writer" });
  return { brief, sources };
}

const KIND_TITLES: Record<CoverageItem["kind"], string> = { analysis: "analysis", roundup: "Daily Roundup", guide: "guide" };
const SUMMARY_LABELS: Record<CoverageItem["kind"], (name: string) => string> = {
  analysis: (name) => `What the analysis says about ${name} (its summary)`,
  roundup: (name) => `What the Daily Roundup says about ${name} (its own line about ${name})`,
  guide: (name) => `What the guide says about ${name} (its summary)`,
};
const KIND_LABELS: Record<CoverageItem["kind"], string> = { analysis: "Analysis:", roundup: "Mentioned in", guide: "Crypto 101 guide:" };

/** "Mentioned in [title](/article/slug)": the kind says why the item is listed (a roundup mentions the coin). */
export function linkText(it: CoverageItem): string {
  return `${KIND_LABELS[it.kind]} [${it.title.replace(/[[\]]/g, "")}](${it.path})`;
}

function historySource(vol: Volatility): Source {
  return { name: `Coinsight price history (${periodOf(vol)})`, role: "market" };
}

async function latestSocialRow(input: BriefInput): Promise<SnapshotRow | null> {
  const date = await latestSnapshotDate(input.db, new Date(input.now).toISOString().slice(0, 10));
  return date ? readCoin(input.db, date, input.coin.id) : null;
}
