/**
 * A tag's address from its name (docs/decisions/editorial/tags.md). Apart from article-meta.ts, which
 * holds the zod schemas: the desk's Tags tab and tag input need only this, and a module three of the
 * browser's chunks import goes to the shared chunk every page loads (vite.config.ts), zod with it.
 */

export const TAG_NAME_MAX = 40;

/** A tag's address from its name as typed: "Layer 2 / Rollups" → "layer-2-rollups"; "" when nothing is left. */
export function tagSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, TAG_NAME_MAX)
    .replace(/-+$/, "");
}
