import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "./article-rules.ts";

/** Spec assistant-plans-admin.md §9: the admin article list pages by 100. */
export const ADMIN_PAGE_SIZE = 100;
/** Spec assistant-plans-admin.md §5: what a save stores as the version's notes when the editor left them empty. */
export const DEFAULT_VERSION_NOTES = "Manual edit via admin panel";
/** The largest article body a save accepts (the body-size allowance of PUT /api/articles/:id is 512 KB). */
export const MAX_CONTENT_CHARS = 400_000;

export const articleStatusSchema = z.enum(["draft", "published", "review"]);
export type EditorialStatus = z.infer<typeof articleStatusSchema>;

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
export type AdminArticle = {
  id: number;
  title: string;
  excerpt: string;
  content: string;
  slug: string;
  categoryId: number;
  categoryName: string;
  /** Absent (null) unless the article is published: the list shows Draft then. */
  publishedAt: string | null;
  status: EditorialStatus;
  /** Why the grounding check held it: one failed figure and its problem per line. */
  reviewReason: string | null;
  upvotes: number;
  downvotes: number;
  twitterPosted: boolean;
  cryptoSymbol: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AdminArticlePage = { articles: AdminArticle[]; total: number; page: number; limit: number; totalPages: number };

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
export type EditableArticle = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  /** Sanitised HTML; a Markdown article is converted once, here (docs/decisions/editorial). */
  content: string;
  /** True when `content` was converted from the stored Markdown and the next save stores HTML. */
  convertedFromMarkdown: boolean;
  imageUrl: string;
  categoryId: number;
  isPublished: boolean;
  status: EditorialStatus;
  reviewReason: string | null;
  cryptoSymbol: string | null;
  /** The concurrency token: a save names the revision it started from. */
  revision: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
};

const safeImageUrl = z
  .string()
  .trim()
  .max(2000, "Image URL must be at most 2000 characters")
  .refine((v) => v === "" || v.startsWith("/") || /^https?:\/\//i.test(v), "Image URL must start with https://, http:// or /");

/** PUT /api/articles/{id}. Slug and creation date are not fields: they never change. */
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
  })
  .strict();
export type ArticleSaveBody = z.input<typeof articleSaveBody>;

/** POST /api/articles/{id}/versions/{versionId}/restore: the revision the editor shows (optional). */
export const restoreVersionBody = z.object({ revision: z.number().int().min(1).optional() }).strict();

/** assistant-plans-admin.md §3 Article version. */
export type ArticleVersion = { id: number; versionNumber: number; createdAt: string; title: string; authorNotes: string };

/** assistant-plans-admin.md §3 Trashed article, with the category name and who deleted it (name or email) for the trash table. */
export type TrashedArticle = {
  id: number;
  title: string;
  excerpt: string;
  categoryId: number;
  categoryName: string | null;
  cryptoSymbol: string | null;
  deletedAt: string;
  deletedBy: string | null;
};

export type EditorialResult = { success: true; message: string };
export type SavedArticle = EditorialResult & { article: EditableArticle };

/** POST /api/admin/articles/{id}/post-twitter. */
export type TwitterPostResult = EditorialResult & { postId: string | null; channel: "x" | "outbox" };
export const ALREADY_POSTED_MESSAGE = "This article has already been posted to Twitter";
