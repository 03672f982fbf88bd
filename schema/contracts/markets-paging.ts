// No zod here: the markets page reads these, and so does the server when it renders that page.

/** How many coins the Top 500 lists. */
export const TOP_COINS = 500;

/** The rows a Top 500 page may show (?rows=), as CoinGecko offers them; 100 unless asked. */
export const PAGE_SIZES = [50, 100, 250] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const MARKETS_PAGE_SIZE: PageSize = 100;

/** ?rows= as the markets page reads it: a size it offers, else the default. */
export function readPageSize(value: string | null): PageSize {
  const asked = Number(value);
  return PAGE_SIZES.find((n) => n === asked) ?? MARKETS_PAGE_SIZE;
}
