import type { QuestionType } from "#schema/contracts/ask.ts";
import type { PlanIntent, PlanPeriod } from "#schema/contracts/ask-plan.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { formatPrice } from "#schema/contracts/format.ts";
import { facts, longDate } from "#worker/lib/grounding/index.ts";
import type { Fact } from "#worker/ports/llm/llm.ts";
import { buildBrief, NOT_COUNTED, section } from "./briefs.ts";
import { type FreeBrief, type FreeInput, multiBrief, namesOf, sourcesOf } from "./free-brief-base.ts";
import { compareBrief } from "./free-compare.ts";
import { type CoinFigures, isRowPeriod, longChanges, PERIOD_WORDS, rowChange } from "./free-figures.ts";
import { screenBrief } from "./free-screen.ts";
import { type Column, changeColumn, coinTable } from "./free-tables.ts";
import { watchlistBrief } from "./free-watchlist.ts";

/** The free intents that are one of the card's questions: their brief is the card's, so their answer is too. */
const FIXED: Partial<Record<PlanIntent, QuestionType>> = {
  about: "about",
  movement: "price_movement",
  sentiment: "social_sentiment",
  news: "latest_news",
};

/** The brief, sources and tables of a checked plan, built from the server's own figures. */
export async function buildFreeBrief(input: FreeInput): Promise<FreeBrief> {
  const { plan } = input;
  if (plan.intent === "compare") return compareBrief(input);
  if (plan.intent === "screen") return screenBrief(input);
  if (plan.intent === "watchlist") return watchlistBrief(input);
  const coin = input.coins[0];
  if (!coin) throw new Error(`a ${plan.intent} plan without a coin passed the plan schema`);
  if (plan.intent === "range") return rangeBrief(input, coin);
  if (plan.intent === "news" && input.coins.length > 1) return severalNews(input);
  const type = FIXED[plan.intent] ?? "about";
  const fixed = await buildBrief(type, { db: input.db, d1: input.d1, snapshot: input.snapshot, coin, now: input.now });
  const tables = plan.intent === "movement" ? [await movesTable(input, coin)] : [];
  return { ...fixed, tables };
}

/**
 * news about several coins: the card's latest_news brief of each coin that has coverage, in one
 * brief (each fact's id and key prefixed with its coin, so two coins' first items stay apart).
 */
async function severalNews(input: FreeInput): Promise<FreeBrief> {
  const built = await Promise.all(input.coins.map(async (coin) => ({ coin, b: await buildBrief("latest_news", { ...input, coin }) })));
  const covered = built.filter(({ b }) => !b.unanswerable);
  const brief = multiBrief(
    "news",
    covered.map(({ coin }) => coin),
    input,
  );
  for (const { coin, b } of covered) {
    const renamed = new Map<string, Fact>();
    for (const [key, f] of Object.entries(b.brief.named)) {
      const fact = { ...f, id: `${coin.id}.${f.id}` };
      renamed.set(f.id, fact);
      brief.named[`${coin.id}:${key}`] = fact;
    }
    for (const sec of b.brief.sections) brief.sections.push({ title: sec.title, facts: sec.facts.map((f) => renamed.get(f.id) ?? f) });
  }
  // The answer is as of its newest item, as the card's latest_news answer is.
  const newest = covered
    .map(({ b }) => b.brief.asOf)
    .sort()
    .at(-1);
  if (newest) brief.asOf = newest;
  const sources = [...new Map(covered.flatMap(({ b }) => b.sources).map((src) => [src.name, src])).values()];
  const unanswerable = covered.length
    ? undefined
    : `Coinsight has not published an analysis, a Daily Roundup mention or a guide about ${namesOf(input.coins).replace(/ and /, " or ")} yet. ${NOT_COUNTED}`;
  return { brief, sources, tables: [], ...(unanswerable ? { unanswerable } : {}) };
}

/** movement: the card's price_movement answer, and a table of the coin's changes over every period the site records. */
async function movesTable(input: FreeInput, coin: Crypto) {
  const [month, year] = await Promise.all([
    longChanges(input.d1, [coin], "30d", input.now),
    longChanges(input.d1, [coin], "1y", input.now),
  ]);
  const periods: PlanPeriod[] = ["1h", "24h", "7d", "30d", "1y"];
  const columns = periods.map((p) =>
    changeColumn(p, (f: CoinFigures) => (isRowPeriod(p) ? rowChange(f.coin, p) : ((p === "30d" ? month : year).get(f.coin.id) ?? null))),
  );
  const notes = ["30-day and 1-year changes are from Coinsight's daily closes."];
  return coinTable(`${coin.name}'s price changes`, [{ coin, change: null, social: null }], columns, notes);
}

const DAY_MS = 86_400_000;
const WINDOW_MS: Record<PlanPeriod, number> = { "1h": 3_600_000, "24h": DAY_MS, "7d": 7 * DAY_MS, "30d": 30 * DAY_MS, "1y": 365 * DAY_MS };

/** The lowest and highest price recorded over the period, today's price included; 24 hours from the market row. */
async function priceSpan(input: FreeInput, coin: Crypto, period: PlanPeriod): Promise<{ low: number; high: number } | null> {
  if (period === "24h" && coin.low24h != null && coin.high24h != null && coin.low24h > 0) return { low: coin.low24h, high: coin.high24h };
  const row = await input.d1
    .prepare("SELECT min(price) AS low, max(price) AS high, count(*) AS n FROM price_history WHERE coin_id = ?1 AND ts >= ?2 AND price > 0")
    .bind(coin.id, Math.floor((input.now - WINDOW_MS[period]) / 1000))
    .first<{ low: number | null; high: number | null; n: number }>();
  if (!row?.n || row.low == null || row.high == null) return null;
  return { low: Math.min(row.low, coin.priceUsd), high: Math.max(row.high, coin.priceUsd) };
}

/**
 * range: the price now against the lowest and highest recorded over the period (one text with its
 * period written in, so no sentence can move it to another), and a table with the all-time high.
 * The readings have no frame for a record, so the all-time high is the table's, not the text's.
 */
async function rangeBrief(input: FreeInput, coin: Crypto): Promise<FreeBrief> {
  const { period } = input.plan;
  const span = await priceSpan(input, coin, period);
  const brief = multiBrief("range", [coin], input);
  const about = { subject: coin.id };
  section(brief, `${coin.name}'s price and its range over ${PERIOD_WORDS[period]}`, {
    price: facts.price(`${coin.id}.price`, `${coin.name} price (USD)`, coin.priceUsd, about),
    range: span
      ? facts.text(
          `${coin.id}.range_${period}`,
          `${coin.name} lowest and highest price recorded over ${PERIOD_WORDS[period]}, period included`,
          `${formatPrice(span.low)} to ${formatPrice(span.high)}, the lowest and highest recorded over ${PERIOD_WORDS[period]}`,
          about,
        )
      : null,
  });
  const ath = coin.ath != null && coin.ath > 0 ? coin.ath : null;
  const level = (key: string, label: string, value: (f: CoinFigures) => number | null, missing: string): Column => ({
    key,
    label,
    value,
    text: (v) => formatPrice(v),
    missing,
  });
  const columns: Column[] = [
    level("price", "Price", (f) => f.coin.priceUsd, "the price"),
    level("low", `Low (${PERIOD_WORDS[period]})`, () => span?.low ?? null, `prices over ${PERIOD_WORDS[period]}`),
    level("high", `High (${PERIOD_WORDS[period]})`, () => span?.high ?? null, `prices over ${PERIOD_WORDS[period]}`),
    level("ath", "All-time high", () => ath, "the all-time high"),
    {
      ...changeColumn(period, () => (ath ? (coin.priceUsd / ath - 1) * 100 : null)),
      key: "from_ath",
      label: "From the all-time high",
      missing: "the all-time high",
    },
  ];
  const notes = coin.athDate && ath ? [`The all-time high was reached on ${longDate(coin.athDate.slice(0, 10))}.`] : [];
  return {
    brief,
    sources: sourcesOf(input),
    tables: [coinTable(`${coin.name}'s price range over ${PERIOD_WORDS[period]}`, [{ coin, change: null, social: null }], columns, notes)],
  };
}
