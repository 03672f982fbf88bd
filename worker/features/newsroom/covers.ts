import { unit } from "#worker/lib/random.ts";

export const CATEGORY_TRENDING = 17;
export const CATEGORY_ROUNDUP = 18;
export const COVER_IMAGES = {
  [CATEGORY_TRENDING]: "/images/covers/trending-analysis.svg",
  [CATEGORY_ROUNDUP]: "/images/covers/daily-roundup.svg",
} as const;

/** The Trending Analysis covers (scripts/data/covers.ts draws them): the first is COVER_IMAGES's. */
export const TRENDING_COVERS = [
  COVER_IMAGES[CATEGORY_TRENDING],
  ...[1, 2, 3, 4, 5].map((n) => `/images/covers/trending-analysis-${n}.svg`),
] as const;

/**
 * A generated article's cover. A Trending Analysis takes one of six by its coin, so a row of them
 * is not six copies of one picture, and a coin keeps its look from day to day.
 */
export function coverImage(categoryId: keyof typeof COVER_IMAGES, symbol: string | null | undefined): string {
  if (categoryId !== CATEGORY_TRENDING || !symbol) return COVER_IMAGES[categoryId];
  return TRENDING_COVERS[Math.floor(unit(`cover:${symbol.toLowerCase()}`) * TRENDING_COVERS.length)] ?? COVER_IMAGES[categoryId];
}
