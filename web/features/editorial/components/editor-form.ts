import type { DraftForm } from "#schema/contracts/article-draft.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";

/** What the editor's fields hold: strings as typed, so nothing is lost or reformatted on a failed save. */
export type EditorForm = {
  title: string;
  excerpt: string;
  imageUrl: string;
  content: string;
  categoryId: string;
  isPublished: boolean;
  authorNotes: string;
  /** The metadata card's fields (article-meta-card.tsx); tags as chips, by name. */
  slug: string;
  metaTitle: string;
  metaDescription: string;
  socialImage: string;
  tags: string[];
  byline: string;
};

export function formOf(article: EditableArticle): EditorForm {
  return {
    title: article.title,
    excerpt: article.excerpt,
    imageUrl: article.imageUrl,
    content: article.content,
    categoryId: String(article.categoryId),
    isPublished: article.isPublished,
    authorNotes: "",
    slug: article.slug,
    metaTitle: article.metaTitle,
    metaDescription: article.metaDescription,
    socialImage: article.socialImage,
    tags: article.tags.map((t) => t.name),
    byline: article.byline,
  };
}

/** A kept draft as the form it was: fields it does not hold (a draft from before they existed) as the article has them. */
export function formOfDraft(draft: DraftForm, article: EditableArticle): EditorForm {
  return { ...formOf(article), ...draft };
}

export function isDirty(form: EditorForm, article: EditableArticle): boolean {
  const base = formOf(article);
  return (Object.keys(base) as (keyof EditorForm)[]).some(
    (k) => k !== "authorNotes" && JSON.stringify(form[k]) !== JSON.stringify(base[k]),
  );
}

/** The metadata as a save or a preview sends it. */
export function metaBody(f: EditorForm) {
  return {
    slug: f.slug.trim(),
    metaTitle: f.metaTitle,
    metaDescription: f.metaDescription,
    socialImage: f.socialImage,
    tags: f.tags,
    byline: f.byline,
  };
}

export const VALIDATION_TITLE = "Validation Error";
export const VALIDATION_TEXT = "Title and content are required";
export const RESTORE_CONFIRM = "Are you sure you want to restore this version? Current changes will be saved as a new version.";
export const TRASH_CONFIRM = "Are you sure you want to move this article to trash? This action can be undone.";

/** The inputs the server's field messages go under, in the order focus looks for the first one (main column, then the side). */
export const FIELD_IDS = {
  title: "editor-title",
  excerpt: "editor-excerpt",
  imageUrl: "editor-image",
  content: "editor-content",
  authorNotes: "editor-notes",
  slug: "editor-slug",
  metaTitle: "editor-meta-title",
  metaDescription: "editor-meta-description",
  socialImage: "editor-social-image",
  tags: "editor-tags",
  byline: "editor-byline",
  categoryId: "editor-category",
} as const;
export type PlacedField = keyof typeof FIELD_IDS;
export const PLACED_FIELDS = Object.keys(FIELD_IDS) as PlacedField[];
export const errorIdOf = (field: PlacedField) => `${FIELD_IDS[field]}-error`;
