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
export const VISUAL_NOTE = "WYSIWYG editor coming soon. Use HTML mode for now.";
