import { and, asc, eq } from "drizzle-orm";
import type { ArticleVersion, ArticleVersionDetail } from "#schema/contracts/editorial.ts";
import { articleVersions } from "#schema/db/content.ts";
import { markdownToHtml } from "#worker/features/content/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { liveArticle } from "./editor.service.ts";

/** The note of an article's first text (before any save). */
export const FIRST_VERSION_NOTE = "First version";

/** Rows stored before the notes were read as their own text's: a restore then wrote "Before restoring version N". */
const ownNote = (notes: string) => notes.replace(/^Before restoring version (\d+)$/, "Restored version $1");

/**
 * GET /api/articles/{id}/versions: the current text first (as "Current"), then each stored version,
 * newest first, each with its own note and time. A stored row holds the text a save replaced, with
 * the note and time of that save; so a text's own note and time are those of the save that wrote
 * it: the row before it, or the article's creation for the first text.
 */
export async function listVersions(db: Db, id: number): Promise<ArticleVersion[]> {
  const article = await liveArticle(db, id);
  const rows = await db
    .select({
      id: articleVersions.id,
      versionNumber: articleVersions.versionNumber,
      createdAt: articleVersions.createdAt,
      title: articleVersions.title,
      authorNotes: articleVersions.authorNotes,
    })
    .from(articleVersions)
    .where(eq(articleVersions.articleId, id))
    .orderBy(asc(articleVersions.versionNumber));
  const written = (i: number) => {
    const before = rows[i - 1];
    return before
      ? { authorNotes: ownNote(before.authorNotes), createdAt: before.createdAt }
      : { authorNotes: FIRST_VERSION_NOTE, createdAt: article.createdAt };
  };
  const stored: ArticleVersion[] = rows.map((r, i) => ({
    id: r.id,
    versionNumber: r.versionNumber,
    title: r.title,
    current: false,
    ...written(i),
  }));
  const current: ArticleVersion = {
    id: null,
    versionNumber: (rows.at(-1)?.versionNumber ?? 0) + 1,
    title: article.title,
    current: true,
    ...(rows.length ? { authorNotes: written(rows.length).authorNotes, createdAt: article.updatedAt } : written(0)),
  };
  return [current, ...stored.reverse()];
}

/** GET /api/articles/{id}/versions/{versionId}: the version whole, with its own note and time, for the restore preview. */
export async function getVersion(db: Db, id: number, versionId: number): Promise<ArticleVersionDetail> {
  const list = await listVersions(db, id);
  const listed = list.find((v) => v.id === versionId);
  const [row] = await db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.id, versionId), eq(articleVersions.articleId, id)))
    .limit(1);
  if (!row || !listed) throw new ApiError("NOT_FOUND", "Version not found");
  return {
    ...listed,
    id: row.id,
    excerpt: row.excerpt,
    content: row.contentFormat === "markdown" ? await markdownToHtml(row.content) : row.content,
    imageUrl: row.imageUrl,
    categoryId: row.categoryId,
  };
}
