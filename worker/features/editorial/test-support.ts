/** Test helpers of the editors' desk. */
import type { EditableArticle } from "#schema/contracts/editorial.ts";

/** A save's body: the article as opened, with `changes` on top. */
export function saveBody(a: EditableArticle, changes: Partial<Record<string, unknown>> = {}) {
  return {
    title: a.title,
    excerpt: a.excerpt,
    content: a.content,
    imageUrl: a.imageUrl,
    categoryId: a.categoryId,
    isPublished: a.isPublished,
    revision: a.revision,
    ...changes,
  };
}

/** An autosaved form as the editor sends it (every field a string as typed, but the published switch). */
export const DRAFT_FORM = {
  title: "Half-written title",
  excerpt: "",
  content: "<p>Unsaved paragraph</p>",
  imageUrl: "",
  categoryId: "18",
  isPublished: false,
  authorNotes: "",
};
