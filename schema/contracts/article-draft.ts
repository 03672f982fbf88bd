import { z } from "zod";
import { BYLINE_MAX, META_DESCRIPTION_MAX, META_TITLE_MAX, SLUG_MAX, TAGS_PER_ARTICLE_MAX } from "./article-meta.ts";
import { MAX_CONTENT_CHARS } from "./editorial.ts";
import { TAG_NAME_MAX } from "./tag-slug.ts";

/**
 * The editor's autosaved form (docs/decisions/editorial/autosave-and-recovery.md): the fields as typed,
 * with the save's own length limits (so a draft always fits the save that follows it) but none of its
 * "required" rules: a half-written form is exactly what a draft holds.
 */
export const draftFormSchema = z
  .object({
    title: z.string().max(300, "Title must be at most 300 characters"),
    excerpt: z.string().max(1000, "Excerpt must be at most 1000 characters"),
    content: z.string().max(MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS} characters`),
    imageUrl: z.string().max(2000, "Image URL must be at most 2000 characters"),
    categoryId: z.string().max(20),
    isPublished: z.boolean(),
    authorNotes: z.string().max(1000, "Version notes must be at most 1000 characters"),
    // The address, search and social card (article-meta.ts); absent from drafts kept before it.
    slug: z
      .string()
      .max(SLUG_MAX * 2)
      .optional(),
    metaTitle: z
      .string()
      .max(META_TITLE_MAX * 4)
      .optional(),
    metaDescription: z
      .string()
      .max(META_DESCRIPTION_MAX * 4)
      .optional(),
    socialImage: z.string().max(2000).optional(),
    tags: z
      .array(z.string().max(TAG_NAME_MAX * 2))
      .max(TAGS_PER_ARTICLE_MAX * 2)
      .optional(),
    byline: z
      .string()
      .max(BYLINE_MAX * 2)
      .optional(),
  })
  .strict();
export type DraftForm = z.infer<typeof draftFormSchema>;

/** PUT /api/articles/{id}/draft: the form and the article revision the editor opened it at. */
export const draftBody = z
  .object({
    form: draftFormSchema,
    baseRevision: z.number().int().min(1),
  })
  .strict();

export const articleDraftSchema = z.object({
  form: draftFormSchema,
  baseRevision: z.number().int(),
  /** UTC ISO time of the last autosave. */
  savedAt: z.string(),
});
export type ArticleDraft = z.infer<typeof articleDraftSchema>;

/** GET /api/articles/{id}/draft: this admin's draft of the article, or null. */
export const articleDraftAnswerSchema = z.object({ draft: articleDraftSchema.nullable() });
