import { z } from "zod";
import { tagSchema } from "./article-meta.ts";
import { MAX_LIST, SEARCH_MAX_LENGTH, SLUG_PATTERN } from "./article-rules.ts";
import { cryptoSchema } from "./crypto.ts";

export const slugParam = z
  .string()
  .min(1, "Slug is required")
  .max(160, "Slug must be at most 160 characters")
  .regex(SLUG_PATTERN, "Slug may only contain lowercase letters, digits and single hyphens");

/** Path parameters of the routes keyed by an article's or category's slug. */
export const slugParams = z.object({ slug: slugParam });

export const articleKinds = ["news", "guide"] as const;
export type ArticleKind = (typeof articleKinds)[number];

/** GET /api/articles. Without `page` it answers a list; with it, `{articles, total, ...}`. */
export const articleListQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(MAX_LIST).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
    kind: z.enum(articleKinds).optional(),
  })
  .strict();

export const limitQuery = (max: number) => z.object({ limit: z.coerce.number().int().min(1).max(max).optional() }).strict();

export const searchQuery = z
  .object({
    q: z
      .string({ error: "Search query is required" })
      .trim()
      .min(1, "Search query is required")
      .max(SEARCH_MAX_LENGTH, `Search query must be at most ${SEARCH_MAX_LENGTH} characters`)
      // A NUL reached SQLite's full-text MATCH as a 500, and matched everything on its own.
      .regex(/^\P{Cc}*$/u, "Search query must not contain control characters"),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .strict();

/** Optional `_seo` overrides an article may carry (written by the generation pipeline or an editor). */
export const seoSchema = z.object({
  metaTags: z
    .object({
      title: z.string().max(300).optional(),
      description: z.string().max(1000).optional(),
      keywords: z.string().max(1000).optional(),
      image: z.string().max(2000).optional(),
    })
    .optional(),
  structuredData: z.record(z.string(), z.unknown()).optional(),
});
export type Seo = z.infer<typeof seoSchema>;

/** Where a generated article's figures and words came from, as stored with it (see schema/contracts/provenance.ts). */
export const sourceSchema = z.object({
  name: z.string(),
  url: z.string().optional(),
  role: z.enum(["market", "social", "writer"]).optional(),
  /** market, social: when the data was taken (ISO). */
  asOf: z.string().optional(),
  kind: z.enum(["ai", "template", "live", "demo", "model"]).optional(),
  /** writer: the model that wrote it. */
  model: z.string().optional(),
});
export type Source = z.infer<typeof sourceSchema>;

/** An article as lists show it: everything but the body. */
export const articleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  imageUrl: z.string(),
  /** UTC ISO time. */
  publishedAt: z.string(),
  updatedAt: z.string(),
  /** Minutes. */
  readTime: z.number().int(),
  commentCount: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  categorySlug: z.string(),
  cryptoName: z.string().nullable(),
  cryptoSymbol: z.string().nullable(),
  /** Market-cap rank of the coin a Trending Analysis is about (the rank badge). */
  rank: z.number().int().nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /**
   * The body as HTML: rendered from Markdown on the server when stored as Markdown, and sanitised
   * there (the reader's browser sanitises it again before it reaches the page).
   */
  content: z.string(),
  contentFormat: z.literal("html"),
  /** For generated articles: when the data they were written from was taken, and where it came from. */
  dataAsOf: z.string().nullable(),
  sources: z.array(sourceSchema),
  _seo: seoSchema.optional(),
  /** Its tags, in the editor's order; each has a page at /tag/{slug}. */
  tags: z.array(tagSchema),
  /** "By ..." (the newsroom's for a generated article without one of its own); null: none shown. */
  byline: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const articlePageSchema = z.object({
  articles: z.array(articleSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type ArticlePage = z.infer<typeof articlePageSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  kind: z.enum(articleKinds),
});
export type Category = z.infer<typeof categorySchema>;

export const searchResultSchema = z.object({
  query: z.string(),
  cryptos: z.array(cryptoSchema),
  articles: z.array(articleSummarySchema),
  /** How many matched in all; the lists hold at most `limit` each. */
  counts: z.object({
    cryptos: z.number().int(),
    articles: z.number().int(),
    /** True when more articles matched than are counted (ARTICLE_COUNT_CAP): show "1000+". */
    articlesCapped: z.boolean(),
  }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const articleSummaryListSchema = z.array(articleSummarySchema);
export const categoryListSchema = z.array(categorySchema);
