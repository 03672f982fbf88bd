import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import {
  type AdminTag,
  type AdminTagList,
  TAG_ADDRESS_TAKEN,
  TAG_MERGE_SELF,
  TAG_NOT_FOUND_ADMIN,
  type TagChange,
} from "#schema/contracts/admin-tags.ts";
import type { EditorialResult } from "#schema/contracts/editorial.ts";
import { tagSlug } from "#schema/contracts/tag-slug.ts";
import { articles, articleTags, tagSlugRedirects, tags } from "#schema/db/content.ts";
import { isPublic } from "#worker/features/content/index.ts";
import { constraintFailure, type Db, failedUnique, inList } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";

/**
 * The desk's Tags tab (docs/decisions/editorial/tags.md): every tag with its articles counted; a rename
 * (the address follows the name, the old one becomes a redirect), a merge (the articles carry the
 * other tag, the address leads there) and a delete. Each is one batch; the caller bumps the content
 * version, since tag pages, article pages and the sitemap show tags.
 */

const tagColumns = (now: string) => ({
  id: tags.id,
  slug: tags.slug,
  name: tags.name,
  createdAt: tags.createdAt,
  articles: sql<number>`COUNT(${articles.id})`,
  publicArticles: sql<number>`COALESCE(SUM(CASE WHEN ${isPublic(now)} THEN 1 ELSE 0 END), 0)`,
});

/** Tags with their counts; articles in the trash are not counted. */
function selectTags(db: Db, now: string) {
  return db
    .select(tagColumns(now))
    .from(tags)
    .leftJoin(articleTags, eq(articleTags.tagId, tags.id))
    .leftJoin(articles, and(eq(articles.id, articleTags.articleId), isNull(articles.deletedAt)))
    .groupBy(tags.id)
    .$dynamic();
}

/** GET /api/admin/tags: every tag, by name. */
export async function listAdminTags(db: Db): Promise<AdminTagList> {
  const rows = await selectTags(db, new Date().toISOString()).orderBy(sql`${tags.name} COLLATE NOCASE`, asc(tags.id));
  return { tags: rows };
}

async function oneTag(db: Db, id: number): Promise<AdminTag | null> {
  const [row] = await selectTags(db, new Date().toISOString()).where(eq(tags.id, id));
  return row ?? null;
}

async function existingTag(db: Db, id: number): Promise<AdminTag> {
  const tag = await oneTag(db, id);
  if (!tag) throw new ApiError("NOT_FOUND", TAG_NOT_FOUND_ADMIN);
  return tag;
}

/** The earlier address `slug` now leads to `tagId` (one hop, whatever it led to before). */
const redirectTo = (db: Db, slug: string, tagId: number) =>
  db.insert(tagSlugRedirects).values({ slug, tagId }).onConflictDoUpdate({ target: tagSlugRedirects.slug, set: { tagId } });

/**
 * A batch refused because the world moved between the checks and the write (the batch is one
 * transaction: nothing of it is kept): another tag took the address, or another admin deleted or
 * merged away a tag this change names. Answered as the checks would have, never as a 500.
 */
async function written(batch: () => Promise<unknown>): Promise<void> {
  try {
    await batch();
  } catch (error) {
    if (failedUnique(error, "tags.slug")) throw new ApiError("CONFLICT", TAG_ADDRESS_TAKEN);
    if (constraintFailure(error)?.kind === "foreignKey") throw new ApiError("NOT_FOUND", TAG_NOT_FOUND_ADMIN);
    throw error;
  }
}

/**
 * PATCH /api/admin/tags/{id}: a new name, whose address follows it (as the desk makes a typed tag's).
 * An address another tag has is refused (merge them instead); an earlier address of any tag is
 * taken over, and this tag's old address leads to it from now on.
 */
export async function renameTag(db: Db, id: number, typed: string): Promise<TagChange> {
  const tag = await existingTag(db, id);
  const name = typed.trim().replace(/\s+/g, " ");
  const slug = tagSlug(name);
  const moved = slug !== tag.slug;
  if (moved) {
    const [other] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.slug, slug), ne(tags.id, id)))
      .limit(1);
    if (other) throw new ApiError("CONFLICT", TAG_ADDRESS_TAKEN);
  }
  await written(() =>
    db.batch([
      db.delete(tagSlugRedirects).where(eq(tagSlugRedirects.slug, slug)),
      ...(moved ? [redirectTo(db, tag.slug, id)] : []),
      db.update(tags).set({ slug, name }).where(eq(tags.id, id)),
    ]),
  );
  const message = moved
    ? `Renamed "${tag.name}" to "${name}". /tag/${tag.slug} now leads to /tag/${slug}.`
    : `Renamed "${tag.name}" to "${name}".`;
  return { success: true, message, tag: await existingTag(db, id) };
}

/**
 * POST /api/admin/tags/{id}/merge: every article with this tag carries `into` instead (one of the two
 * where it had both, in the place `into` had), and this tag's addresses lead to `into`'s page.
 */
export async function mergeTag(db: Db, id: number, into: number): Promise<TagChange> {
  if (id === into) throw new ApiError("BAD_REQUEST", TAG_MERGE_SELF, { issues: [{ path: "into", message: TAG_MERGE_SELF }] });
  const source = await existingTag(db, id);
  const target = await existingTag(db, into);
  await written(() =>
    db.batch([
      db
        .insert(articleTags)
        .select(
          db
            .select({ articleId: articleTags.articleId, tagId: sql<number>`${into}`.as("tag_id"), position: articleTags.position })
            .from(articleTags)
            .where(eq(articleTags.tagId, id)),
        )
        .onConflictDoNothing(),
      db.update(tagSlugRedirects).set({ tagId: into }).where(eq(tagSlugRedirects.tagId, id)),
      redirectTo(db, source.slug, into),
      db.delete(articleTags).where(eq(articleTags.tagId, id)),
      db.delete(tags).where(eq(tags.id, id)),
    ]),
  );
  return {
    success: true,
    message: `Merged "${source.name}" into "${target.name}". /tag/${source.slug} now leads to /tag/${target.slug}.`,
    tag: await existingTag(db, into),
  };
}

/** DELETE /api/admin/tags/{id}: off every article; its page and earlier addresses answer 404. */
export async function deleteTag(db: Db, id: number): Promise<EditorialResult> {
  const tag = await existingTag(db, id);
  await db.batch([
    db.delete(articleTags).where(eq(articleTags.tagId, id)),
    db.delete(tagSlugRedirects).where(eq(tagSlugRedirects.tagId, id)),
    db.delete(tags).where(eq(tags.id, id)),
  ]);
  const from = tag.articles === 1 ? "1 article" : `${tag.articles} articles`;
  return { success: true, message: `Deleted "${tag.name}" and took it off ${from}.` };
}

/**
 * Names typed on the desk whose address is an earlier one of a tag (renamed or merged): that tag's
 * name instead, so an editor open since before the rename does not bring the old tag back.
 */
export async function currentTagNames(db: Db, names: readonly string[]): Promise<string[]> {
  const slugs = [...new Set(names.map(tagSlug).filter(Boolean))];
  if (!slugs.length) return [...names];
  const moved = await db
    .select({ from: tagSlugRedirects.slug, name: tags.name })
    .from(tagSlugRedirects)
    .innerJoin(tags, eq(tags.id, tagSlugRedirects.tagId))
    .where(and(inList(tagSlugRedirects.slug, slugs), sql`NOT EXISTS (SELECT 1 FROM ${tags} AS t WHERE t.slug = ${tagSlugRedirects.slug})`));
  if (!moved.length) return [...names];
  const now = new Map(moved.map((m) => [m.from, m.name]));
  return names.map((name) => now.get(tagSlug(name)) ?? name);
}
