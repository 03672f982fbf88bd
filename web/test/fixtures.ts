import type { Article, ArticleSummary, Category } from "#schema/contracts/article.ts";
import { type Crypto, type CryptoPage, cryptoRow } from "#schema/contracts/crypto.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import type { ArticleSchedule, ScheduledArticle } from "#schema/contracts/schedule.ts";

export function makeCrypto(overrides: Partial<Crypto> = {}): Crypto {
  return {
    id: "bitcoin",
    rank: 1,
    name: "Bitcoin",
    symbol: "BTC",
    imageUrl: "https://example.test/btc.png",
    price: "$64,039.00",
    priceUsd: 64039,
    priceBtc: "1.00000000",
    price1h: "+0.13%",
    price24h: "+0.64%",
    price7d: "-9.70%",
    change1h: 0.13,
    change24h: 0.64,
    change7d: -9.7,
    marketCap: 1_284_523_645_172,
    volume24h: 32_019_976_824,
    circulatingSupply: 20_053_312,
    totalSupply: 20_053_312,
    maxSupply: 21_000_000,
    fullyDilutedValuation: 1_344_819_000_000,
    high24h: 64_387,
    low24h: 62_815,
    ath: 126_080,
    athDate: "2025-10-06T18:57:42.558Z",
    atl: 67.81,
    atlDate: "2013-07-06T00:00:00.000Z",
    lastUpdated: new Date().toISOString(),
    isGainer: false,
    isLoser: false,
    ...overrides,
  };
}

type PageRow = CryptoPage["data"][number];

/** The coin as a page of the Top 500 answers it: the row's fields (cryptoRowSchema) and its sparkline, none by default. */
export function makePageRow(
  coin: Crypto,
  line: Pick<PageRow, "sparkline" | "sparklineHours"> = { sparkline: null, sparklineHours: 0 },
): PageRow {
  return { ...cryptoRow(coin), ...line };
}

let articleId = 0;

export function makeArticleSummary(overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  articleId += 1;
  return {
    id: articleId,
    slug: `bitcoin-holds-steady-${articleId}`,
    title: `Bitcoin holds steady as ETF inflows continue (${articleId})`,
    excerpt: "Bitcoin traded in a narrow range while spot ETF inflows extended their streak.",
    imageUrl: "/images/covers/daily-roundup.svg",
    publishedAt: new Date(Date.now() - articleId * 3_600_000).toISOString(),
    updatedAt: new Date().toISOString(),
    readTime: 4,
    commentCount: 2,
    categoryId: 18,
    categoryName: "Daily Roundup",
    categorySlug: "daily-roundup",
    cryptoName: null,
    cryptoSymbol: null,
    rank: null,
    ...overrides,
  };
}

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    ...makeArticleSummary(overrides),
    content: "<h2>Market overview</h2>\n<p>Bitcoin traded between <strong>$63,800</strong> and $64,400.</p>",
    contentFormat: "html",
    dataAsOf: null,
    sources: [],
    tags: [],
    byline: null,
    ...overrides,
  };
}

/** An editable article's metadata when none is set (slug aside). */
export const NO_META = { metaTitle: "", metaDescription: "", socialImage: "", tags: [], byline: "" };

/** An article as the desk's editor loads it: a hand-written draft in the Daily Roundup. */
export function makeEditable(overrides: Partial<EditableArticle> = {}): EditableArticle {
  return {
    id: 9,
    slug: "ether-draft",
    title: "Ether draft for Monday",
    excerpt: "Ether and its staking yield.",
    content: "<p>Ether at $3,000.</p>",
    convertedFromMarkdown: false,
    imageUrl: "",
    categoryId: 18,
    isPublished: false,
    status: "draft",
    reviewReason: null,
    check: null,
    override: null,
    cryptoSymbol: null,
    revision: 2,
    createdAt: "2026-11-22T06:00:00.000Z",
    updatedAt: "2026-11-22T06:00:00.000Z",
    publishedAt: null,
    ...NO_META,
    ...overrides,
  };
}

/** The one category the editor's tests offer. */
export const EDITOR_CATEGORIES: Category[] = [{ id: 18, name: "Daily Roundup", slug: "daily-roundup", description: "", kind: "news" }];

/** A waiting schedule as the desk reads it (GET /api/articles/{id}/schedule). */
export function makeSchedule(overrides: Partial<ArticleSchedule> = {}): ArticleSchedule {
  return {
    articleId: 9,
    publishAt: "2026-12-01T09:30:00.000Z",
    state: "scheduled",
    reasons: [],
    message: null,
    scheduledBy: "Chief Editor",
    scheduledAt: "2026-11-29T20:00:00.000Z",
    ...overrides,
  };
}

/** A row of the Overview's scheduled articles: a schedule with its article's title, slug and status. */
export function makeScheduledArticle(overrides: Partial<ScheduledArticle> = {}): ScheduledArticle {
  return {
    ...makeSchedule({ articleId: 11 }),
    title: "Solana weekly outlook",
    slug: "solana-weekly-outlook",
    status: "draft",
    ...overrides,
  };
}
