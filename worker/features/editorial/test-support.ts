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
