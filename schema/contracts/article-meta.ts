import { z } from "zod";
import { SLUG_PATTERN } from "./article-rules.ts";
import { TAG_NAME_MAX, tagSlug } from "./tag-slug.ts";

/**
 * The desk's article metadata (issue 46): an editable slug, the search and social fields, tags and the
 * byline. Kept apart from editorial.ts so the save body, the editable article and the preview share one
 * definition of each field.
 */

/** Search results cut titles near 60-70 characters and descriptions near 155-160. */
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 160;
export const BYLINE_MAX = 100;
export const SLUG_MIN = 3;
export const SLUG_MAX = 120;
export const TAGS_PER_ARTICLE_MAX = 10;

export const tagSchema = z.object({ slug: z.string(), name: z.string() });
export type Tag = z.infer<typeof tagSchema>;

export const articleSlug = z
  .string()
  .trim()
  .min(SLUG_MIN, `Slug must be at least ${SLUG_MIN} characters`)
  .max(SLUG_MAX, `Slug must be at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, "Slug may only contain lowercase letters, digits and single hyphens (no hyphen at either end)");

export const tagName = z
  .string()
  .trim()
  .min(1, "A tag cannot be empty")
  .max(TAG_NAME_MAX, `A tag must be at most ${TAG_NAME_MAX} characters`)
  .refine((v) => tagSlug(v) !== "", "A tag needs at least one letter or digit");

/** A social image is fetched by other sites' crawlers: only an absolute https address works everywhere. */
const socialImageUrl = z
  .string()
  .trim()
  .max(2000, "Social image URL must be at most 2000 characters")
  .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), "Social image URL must be an https:// address");

/**
 * The metadata a save (and a preview) may carry. Each is optional so that a client that does not know
 * them keeps working: a field left out is left as it is.
 */
export const articleMetaBody = z.object({
  slug: articleSlug.optional(),
  metaTitle: z.string().trim().max(META_TITLE_MAX, `Meta title must be at most ${META_TITLE_MAX} characters`).optional(),
  metaDescription: z
    .string()
    .trim()
    .max(META_DESCRIPTION_MAX, `Meta description must be at most ${META_DESCRIPTION_MAX} characters`)
    .optional(),
  socialImage: socialImageUrl.optional(),
  tags: z.array(tagName).max(TAGS_PER_ARTICLE_MAX, `At most ${TAGS_PER_ARTICLE_MAX} tags`).optional(),
  byline: z.string().trim().max(BYLINE_MAX, `Byline must be at most ${BYLINE_MAX} characters`).optional(),
});
export type ArticleMetaBody = z.output<typeof articleMetaBody>;

/** The same metadata as the desk shows it ("" for a field not set). */
export const articleMetaSchema = z.object({
  metaTitle: z.string(),
  metaDescription: z.string(),
  socialImage: z.string(),
  tags: z.array(tagSchema),
  /** The byline as stored: "" shows none (a generated article then shows the newsroom's). */
  byline: z.string(),
});
export type ArticleMeta = z.infer<typeof articleMetaSchema>;

/** POST /api/admin/articles/{id}/preview: where the unsaved article can be seen, admins only, until `expiresAt`. */
export const articlePreviewSchema = z.object({ token: z.string(), path: z.string(), expiresAt: z.string() });
export type ArticlePreview = z.infer<typeof articlePreviewSchema>;

export const previewTokenParams = z.object({
  token: z.string().regex(/^[a-f0-9]{32}$/, "Unknown preview"),
});

export const tagParams = z.object({
  slug: z.string().min(1).max(TAG_NAME_MAX).regex(SLUG_PATTERN, "Unknown tag"),
});
