import { z } from "zod";
import { cryptoSortKeys } from "./crypto.ts";

/**
 * The social sources whose categories are a classification of the coins (LunarCrush files each coin
 * itself). The offline sentiment model's categories are guesses from coin names ("inu" reads as meme),
 * so they are shown beside its modelled figures but never offered as a filter of the Top 500
 * (docs/decisions/markets/category-filter.md).
 */
export const CLASSIFYING_SOURCES: readonly string[] = ["lunarcrush"];

/** A category's slug as LunarCrush writes them ("layer-1", "defi", "bitcoin-ecosystem"). */
export const categorySlug = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A category is lower-case letters and digits joined by '-'");

export const coinCategoryParams = z.object({ slug: categorySlug }).strict();

/** Query of GET /api/coin-categories/{slug}: one page of the category's coins, sorted as the Top 500's pages are. */
export const coinCategoryPageQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    sort: z.enum(cryptoSortKeys).optional(),
    order: z.enum(["asc", "desc"]).optional(),
  })
  .strict();

/** GET /api/coin-categories: the categories a reader may filter the Top 500 by, and where they come from. */
export const coinCategoriesSchema = z.object({
  /** The social snapshot they are read from (YYYY-MM-DD), null before the first one. */
  date: z.string().nullable(),
  /** That snapshot's source ("lunarcrush", "offline"), null before the first one. */
  source: z.string().nullable(),
  /** Empty unless the source classifies coins (CLASSIFYING_SOURCES); largest first, then by name. */
  categories: z.array(z.object({ slug: z.string(), label: z.string(), coins: z.number().int().min(1) })),
});
export type CoinCategories = z.infer<typeof coinCategoriesSchema>;

/** Words a category's slug holds that are written as initials or a brand spells them. */
const SPELLED: Record<string, string> = {
  ai: "AI",
  bnb: "BNB",
  dao: "DAO",
  defi: "DeFi",
  depin: "DePIN",
  dex: "DEX",
  gamefi: "GameFi",
  l1: "L1",
  l2: "L2",
  nft: "NFT",
  nfts: "NFTs",
  pos: "PoS",
  pow: "PoW",
  rwa: "RWA",
  socialfi: "SocialFi",
};

/** "layer-1" → "Layer 1", "defi" → "DeFi", "bitcoin-ecosystem" → "Bitcoin ecosystem". */
export function categoryLabel(slug: string): string {
  const words = slug.split("-").map((w) => SPELLED[w] ?? w);
  const [first = "", ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(" ");
}
