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
  };
}

export function isDirty(form: EditorForm, article: EditableArticle): boolean {
  const base = formOf(article);
  return (Object.keys(base) as (keyof EditorForm)[]).some((k) => k !== "authorNotes" && form[k] !== base[k]);
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
  categoryId: "editor-category",
} as const;
export type PlacedField = keyof typeof FIELD_IDS;
export const PLACED_FIELDS = Object.keys(FIELD_IDS) as PlacedField[];
export const errorIdOf = (field: PlacedField) => `${FIELD_IDS[field]}-error`;
