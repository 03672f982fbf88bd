/**
 * Content rules shared by web and worker, free of zod so that pages importing them stay small:
 * the fixed category ids, where an article lives, the rank bands, and the limits.
 */
/** The fixed category ids of public-site.md §9. */
export const CATEGORY = {
  trendingAnalysis: 17,
  dailyRoundup: 18,
  crypto101: 19,
  gettingStarted: 20,
  securitySafety: 21,
  tradingInvesting: 22,
  advancedTopics: 23,
} as const;

/** The four Crypto 101 cards, in the order the page shows them. */
export const GUIDE_CARD_IDS = [
  CATEGORY.gettingStarted,
  CATEGORY.securitySafety,
  CATEGORY.tradingInvesting,
  CATEGORY.advancedTopics,
] as const;

/** Crypto 101 guides are categories 19 to 23; everything else is news. */
export function isGuideCategory(categoryId: number): boolean {
  return categoryId >= CATEGORY.crypto101 && categoryId <= CATEGORY.advancedTopics;
}

/**
 * The SQL condition for news only (no Crypto 101 guide), on the articles table or its alias: a guide may
 * name the coin it is about (`crypto_symbol`), but it is not news about that coin.
 */
export function newsOnlySql(alias = ""): string {
  const column = alias ? `${alias}.category_id` : "category_id";
  return `${column} NOT BETWEEN ${CATEGORY.crypto101} AND ${CATEGORY.advancedTopics}`;
}

/** Analyses (17) and roundups (18) are AI-written from market data: they carry the disclaimer and credits. */
export function carriesDisclaimer(categoryId: number): boolean {
  return categoryId === CATEGORY.trendingAnalysis || categoryId === CATEGORY.dailyRoundup;
}

/** Where an article lives: guides under /crypto-101, everything else under /article. */
export function articlePath(article: { slug: string; categoryId: number }): string {
  return `${isGuideCategory(article.categoryId) ? "/crypto-101" : "/article"}/${article.slug}`;
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The most a public list call returns; /news pages through it on the client. */
export const MAX_LIST = 500;

export const SEARCH_MAX_LENGTH = 100;

/** Rank bands of the social-momentum badge (public-site.md §2). */
export type RankBand = "top-100" | "101-300" | "301-500";
export function rankBand(rank: number | null | undefined): RankBand | null {
  if (rank == null || !Number.isInteger(rank) || rank < 1 || rank > 500) return null;
  return rank <= 100 ? "top-100" : rank <= 300 ? "101-300" : "301-500";
}

/** Search counts article hits exactly up to this many; beyond it the answer says "1000+". */
export const ARTICLE_COUNT_CAP = 1000;
