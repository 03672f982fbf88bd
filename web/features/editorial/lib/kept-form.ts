import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { type EditorForm, formOf } from "../components/editor-form.ts";

/** The form's fields an admin can change (the version notes go with the next save, whatever it is). */
const FIELDS = ["title", "excerpt", "imageUrl", "content", "categoryId", "isPublished"] as const;
export type KeptField = (typeof FIELDS)[number];

export const FIELD_NAMES: Record<KeptField, string> = {
  title: "Title",
  excerpt: "Excerpt",
  imageUrl: "Featured Image URL",
  content: "Content",
  categoryId: "Category",
  isPublished: "Publication",
};

/**
 * "Load it and keep my text": the newer article under the form, with every field this admin changed
 * since `opened` kept as typed and every other field taken from `fresh`. `both`: the fields the two
 * changed each (theirs is then only in Version History, so the admin is told which).
 */
export function keepTyped(form: EditorForm, opened: EditableArticle, fresh: EditableArticle): { form: EditorForm; both: KeptField[] } {
  const base = formOf(opened);
  const next = formOf(fresh);
  const out: EditorForm = { ...next, authorNotes: form.authorNotes };
  const both: KeptField[] = [];
  for (const f of FIELDS) {
    if (form[f] === base[f]) continue;
    (out as Record<KeptField, unknown>)[f] = form[f];
    if (next[f] !== base[f] && next[f] !== form[f]) both.push(f);
  }
  return { form: out, both };
}
