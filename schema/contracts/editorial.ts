import { z } from "zod";
import { articleMetaBody, articleMetaSchema } from "./article-meta.ts";
import { SEARCH_MAX_LENGTH } from "./article-rules.ts";

/** Spec assistant-plans-admin.md §9: the admin article list pages by 100. */
export const ADMIN_PAGE_SIZE = 100;
/** Spec assistant-plans-admin.md §5: what a save stores as the version's notes when the editor left them empty. */
export const DEFAULT_VERSION_NOTES = "Manual edit via admin panel";
/** The largest article body a save accepts (the body-size allowance of PUT /api/articles/:id is 512 KB). */
export const MAX_CONTENT_CHARS = 400_000;

export const articleStatusSchema = z.enum(["draft", "published", "review"]);
export type EditorialStatus = z.infer<typeof articleStatusSchema>;

/** One claim of a sentence as its frame reads it (worker/lib/grounding/README.md, "Readings"). */
export const sentenceClaimSchema = z.object({
  subject: z.string().nullable(),
  group: z.string().optional(),
  metric: z.string(),
  period: z.string().optional(),
  kind: z.enum(["value", "direction", "rank", "comparison", "count", "share", "range", "usual"]),
  direction: z.union([z.literal(1), z.literal(-1), z.literal(0)]).optional(),
  versus: z.string().optional(),
  scope: z.string().optional(),
  facts: z.array(z.string()),
});

/** Every sentence of a checked text, in order: its reading (frame and claims) and its verdict, for the desk. */
export const sentenceReadingSchema = z.object({
  /** As readers see it: figures written in, never raw ids. */
  sentence: z.string(),
  coins: z.array(z.string()),
  /** Clause frame ids joined by "+", or "hedge" / "notice" / "heading" / "connective"; "none" when no frame reads it. */
  frame: z.string(),
  claims: z.array(sentenceClaimSchema),
  verdict: z.enum(["ok", "held"]),
  problems: z.array(z.string()),
});

/**
 * The claim check's last result for an AI-written article: at generation (`newsroom`), then at every
 * editor's save (`editor`). Each reason names its sentence, that sentence's coins and what is wrong.
 */
export const claimCheckSchema = z.object({
  ok: z.boolean(),
  reasons: z.array(z.string()),
  checkedAt: z.string(),
  by: z.enum(["newsroom", "editor"]),
  /** Every sentence's reading and verdict (absent on checks stored before readings). */
  readings: z.array(sentenceReadingSchema).optional(),
});
export type ClaimCheck = z.infer<typeof claimCheckSchema>;

/** A publication over held sentences: who decided it, when, and the reasons they were shown and overrode. */
export const heldOverrideSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  at: z.string(),
  reasons: z.array(z.string()),
});
export type HeldOverride = z.infer<typeof heldOverrideSchema>;

/** Sent to publish over held sentences: the held reasons the editor was shown and confirmed, as shown. */
export const overrideRequest = z
  .object({ reasons: z.array(z.string().max(4000, "A reason must be at most 4000 characters")).min(1).max(200) })
  .strict();
export type OverrideRequest = z.infer<typeof overrideRequest>;

/** The `issues` path under which a refused publication lists the held reasons (one issue per reason). */
export const HELD_ISSUE_PATH = "check";
export const HELD_PUBLISH_REFUSED =
  "This article has sentences the claim check holds. Publishing it needs an explicit override: confirm the held reasons to publish anyway.";

/** POST /api/admin/articles/{id}/publish: no body for an article nothing holds; `override` for a held one. */
export const publishBody = z.object({ override: overrideRequest.optional() }).strict();

/** GET /api/articles?page&limit for an admin: drafts and held articles too, searchable and filterable. */
export const adminArticleQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(10_000).optional(),
    limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE).optional(),
    q: z.string().trim().max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`).optional(),
    categoryId: z.coerce.number().int().min(1).optional(),
    status: articleStatusSchema.optional(),
  })
  .strict();
export type AdminArticleQuery = z.infer<typeof adminArticleQuery>;

/** One article as the admin list shows it (assistant-plans-admin.md §3 "Article (admin list)", plus what the review filter needs). */
export const adminArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  content: z.string(),
  slug: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  /** Absent (null) unless the article is published: the list shows Draft then. */
  publishedAt: z.string().nullable(),
  status: articleStatusSchema,
  /** Why the grounding check held it: one reason per line (its sentence, that sentence's coins, what is wrong). */
  reviewReason: z.string().nullable(),
  /** The last publication over held sentences, for the desk to show (null: none). */
  override: heldOverrideSchema.nullable(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  twitterPosted: z.boolean(),
  cryptoSymbol: z.string().nullable(),
  /** When a schedule will publish it (UTC ISO), or null; the schedule's state is on the desk and the Overview. */
  scheduledFor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

export const adminArticlePageSchema = z.object({
  articles: z.array(adminArticleSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type AdminArticlePage = z.infer<typeof adminArticlePageSchema>;

export const articleIdParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31),
});
export const versionParams = articleIdParam.extend({
  versionId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31),
});

/** GET /api/articles/{id}/edit: the article as the editor edits it (content always HTML). */
export const editableArticleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  /** Sanitised HTML; a Markdown article is converted once, here (docs/decisions/editorial). */
  content: z.string(),
  /** True when `content` was converted from the stored Markdown and the next save stores HTML. */
  convertedFromMarkdown: z.boolean(),
  imageUrl: z.string(),
  categoryId: z.number().int(),
  isPublished: z.boolean(),
  status: articleStatusSchema,
  reviewReason: z.string().nullable(),
  /** The claim check's last result (null: an article written by hand, or generated before checks were stored). */
  check: claimCheckSchema.nullable(),
  override: heldOverrideSchema.nullable(),
  cryptoSymbol: z.string().nullable(),
  /** The concurrency token: a save names the revision it started from. */
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  ...articleMetaSchema.shape,
});
export type EditableArticle = z.infer<typeof editableArticleSchema>;

const safeImageUrl = z
  .string()
  .trim()
  .max(2000, "Image URL must be at most 2000 characters")
  .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\//i.test(v), "Image URL must start with https://, http:// or /");

/** PUT /api/articles/{id}. The creation date never changes; the metadata fields (slug, tags, ...) are optional. */
export const articleSaveBody = z
  .object({
    title: z.string().trim().min(1, "Title and content are required").max(300, "Title must be at most 300 characters"),
    excerpt: z.string().trim().max(1000, "Excerpt must be at most 1000 characters").default(""),
    content: z
      .string()
      .refine((v) => v.trim().length > 0, "Title and content are required")
      .refine((v) => v.length <= MAX_CONTENT_CHARS, `Content must be at most ${MAX_CONTENT_CHARS} characters`),
    imageUrl: safeImageUrl.default(""),
    categoryId: z.coerce.number().int().min(1),
    isPublished: z.boolean(),
    authorNotes: z.string().trim().max(1000, "Version notes must be at most 1000 characters").optional(),
    revision: z.number().int().min(1),
    /** Publishing an AI article whose re-check holds sentences: the held reasons the editor confirmed. */
    override: overrideRequest.optional(),
    ...articleMetaBody.shape,
  })
  .strict();
export type ArticleSaveBody = z.input<typeof articleSaveBody>;

/** POST /api/admin/articles/{id}/preview: the form as it stands, unsaved (publication and version fields aside). */
export const articlePreviewBody = articleSaveBody.omit({ isPublished: true, revision: true, override: true, authorNotes: true });

/** POST /api/articles/{id}/versions/{versionId}/restore: the revision the editor shows (optional). */
export const restoreVersionBody = z
  .object({
    revision: z.number().int().min(1).optional(),
    /** Restoring held sentences into a published AI article: the held reasons the editor confirmed. */
    override: overrideRequest.optional(),
  })
  .strict();

/**
 * assistant-plans-admin.md §3 Article version. Each version carries its own note and time (the note
 * written when that text was saved, and when), and the article's current text is listed first as
 * `current`, with no id: it is not a stored version and cannot be restored.
 */
export const articleVersionSchema = z.object({
  id: z.number().int().nullable(),
  versionNumber: z.number().int(),
  createdAt: z.string(),
  title: z.string(),
  authorNotes: z.string(),
  current: z.boolean(),
});
export type ArticleVersion = z.infer<typeof articleVersionSchema>;
export const articleVersionListSchema = z.array(articleVersionSchema);

/** GET /api/articles/{id}/versions/{versionId}: one stored version whole, for the restore preview and diff. */
export const articleVersionDetailSchema = articleVersionSchema.extend({
  id: z.number().int(),
  excerpt: z.string(),
  /** Sanitised HTML (a Markdown version is converted, as the editor shows it). */
  content: z.string(),
  imageUrl: z.string(),
  categoryId: z.number().int(),
});
export type ArticleVersionDetail = z.infer<typeof articleVersionDetailSchema>;

/** assistant-plans-admin.md §3 Trashed article, with the category name and who deleted it (name or email) for the trash table. */
export const trashedArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  cryptoSymbol: z.string().nullable(),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
});
export type TrashedArticle = z.infer<typeof trashedArticleSchema>;
export const trashListSchema = z.array(trashedArticleSchema);

export const editorialResultSchema = z.object({ success: z.literal(true), message: z.string() });
export type EditorialResult = z.infer<typeof editorialResultSchema>;
export const savedArticleSchema = editorialResultSchema.extend({ article: editableArticleSchema });
export type SavedArticle = z.infer<typeof savedArticleSchema>;

/** POST /api/admin/articles/{id}/post-twitter. */
export const twitterPostResultSchema = editorialResultSchema.extend({
  postId: z.string().nullable(),
  channel: z.enum(["x", "outbox"]),
});
export type TwitterPostResult = z.infer<typeof twitterPostResultSchema>;
export const ALREADY_POSTED_MESSAGE = "This article has already been posted to Twitter";
