import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { type Seo, seoSchema } from "#schema/contracts/article.ts";
import type { ArticleMeta, ArticleMetaBody } from "#schema/contracts/article-meta.ts";
import { tagSlug } from "#schema/contracts/tag-slug.ts";
import { articleSlugRedirects, articles, articleTags, tags } from "#schema/db/content.ts";
import { type Db, failedUnique, inList } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import type { ArticleRow } from "./article-admin-store.ts";

/**
 * The desk's metadata (slug, search and social fields, tags, byline) on a save: checked before the batch,
 * written inside it (docs/decisions/editorial/slug-changes-redirect-old-addresses.md, seo-fields-in-seo-json.md, tags.md).
 */

export const SLUG_TAKEN = "Another article already uses this slug. Choose another one.";
export const SLUG_WAS_TAKEN = "This slug was an earlier address of another article, and still leads there. Choose another one.";

const slugIssue = (message: string) => new ApiError("BAD_REQUEST", message, { issues: [{ path: "slug", message }] });

function parseSeo(text: string | null): Seo {
  if (!text) return {};
  try {
    const parsed = seoSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The metadata as the desk shows it. */
export async function metaOf(db: Db, row: Pick<ArticleRow, "id" | "seoJson" | "byline">): Promise<ArticleMeta> {
  const seo = parseSeo(row.seoJson).metaTags;
  const tagRows = await db
    .select({ slug: tags.slug, name: tags.name })
    .from(articleTags)
    .innerJoin(tags, eq(tags.id, articleTags.tagId))
    .where(eq(articleTags.articleId, row.id))
    .orderBy(articleTags.position, tags.slug);
  return {
    metaTitle: seo?.title ?? "",
    metaDescription: seo?.description ?? "",
    socialImage: seo?.image ?? "",
    tags: tagRows,
    byline: row.byline ?? "",
  };
}

/**
 * 400 with the issue under `slug` when another article has the slug, now or as an earlier address (that
 * address must keep leading to its article). Not a 409: the desk keeps 409 for "changed by someone else".
 */
export async function assertSlugFree(db: Db, id: number, slug: string): Promise<void> {
  const [current] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.slug, slug), ne(articles.id, id)))
    .limit(1);
  if (current) throw slugIssue(SLUG_TAKEN);
  const [earlier] = await db
    .select({ id: articleSlugRedirects.articleId })
    .from(articleSlugRedirects)
    .where(and(eq(articleSlugRedirects.slug, slug), ne(articleSlugRedirects.articleId, id)))
    .limit(1);
  if (earlier) throw slugIssue(SLUG_WAS_TAKEN);
}

/** Tags as typed, to their slugs (the first spelling of a slug wins), in the editor's order. */
export function normaliseTags(names: readonly string[]): { slug: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const slug = tagSlug(name);
    if (slug && !seen.has(slug)) seen.set(slug, name.trim().replace(/\s+/g, " "));
  }
  return [...seen].map(([slug, name]) => ({ slug, name }));
}

/**
 * The search title and description readers will see (in results and shares) after this save: checked
 * with the excerpt by the claim check of an AI-written article, like every other sentence it publishes.
 */
export function metaCheckText(row: Pick<ArticleRow, "seoJson">, body: ArticleMetaBody): string {
  const stored = parseSeo(row.seoJson).metaTags;
  const title = body.metaTitle ?? stored?.title ?? "";
  const description = body.metaDescription ?? stored?.description ?? "";
  return [title, description].filter((t) => t.trim()).join("\n\n");
}

/** The article columns the metadata changes (only the fields the body carries). */
export function metaColumns(row: Pick<ArticleRow, "slug" | "seoJson">, body: ArticleMetaBody) {
  const out: { slug?: string; seoJson?: string | null; byline?: string | null } = {};
  if (body.slug !== undefined && body.slug !== row.slug) out.slug = body.slug;
  if (body.byline !== undefined) out.byline = body.byline || null;
  if (body.metaTitle !== undefined || body.metaDescription !== undefined || body.socialImage !== undefined) {
    const seo = parseSeo(row.seoJson);
    const metaTags = { ...seo.metaTags };
    const put = (key: "title" | "description" | "image", value: string | undefined) => {
      if (value === undefined) return;
      if (value) metaTags[key] = value;
      else delete metaTags[key];
    };
    put("title", body.metaTitle);
    put("description", body.metaDescription);
    put("image", body.socialImage);
    // Keywords and structured data the newsroom wrote are kept as they were.
    const next: Seo = { ...seo, metaTags };
    if (!Object.keys(metaTags).length) delete next.metaTags;
    out.seoJson = Object.keys(next).length ? JSON.stringify(next) : null;
  }
  return out;
}

/**
 * The writes beside the article's own update, in the same batch and only at the revision the save
 * started from (the update after them bumps it): the old slug becomes a redirect (a slug taken back
 * leaves the list), and the tags are replaced. A stale save writes none of them.
 */
export function metaStatements(db: Db, row: Pick<ArticleRow, "id" | "slug">, body: ArticleMetaBody, revision: number) {
  const id = row.id;
  const atRevision = and(eq(articles.id, id), eq(articles.revision, revision), isNull(articles.deletedAt));
  const stillAt = sql`EXISTS (SELECT 1 FROM ${articles} WHERE ${atRevision})`;
  const now = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  const statements = [];
  if (body.slug !== undefined && body.slug !== row.slug) {
    statements.push(
      db.delete(articleSlugRedirects).where(and(eq(articleSlugRedirects.slug, body.slug), eq(articleSlugRedirects.articleId, id), stillAt)),
      // Straight at the article: an address two renames old leads to it in one hop, like the last one.
      db
        .insert(articleSlugRedirects)
        .select(
          db
            .select({ slug: sql<string>`${row.slug}`.as("slug"), articleId: articles.id, createdAt: now.as("created_at") })
            .from(articles)
            .where(atRevision),
        )
        .onConflictDoUpdate({ target: articleSlugRedirects.slug, set: { articleId: id } }),
    );
  }
  if (body.tags !== undefined) {
    const list = normaliseTags(body.tags);
    const slugs = JSON.stringify(list.map((t) => t.slug));
    for (const tag of list) {
      statements.push(
        db
          .insert(tags)
          .select(
            db
              .select({
                // Every column in table order (drizzle's insert-select rule); a null id takes the next one.
                id: sql<number>`NULL`.as("id"),
                slug: sql<string>`${tag.slug}`.as("slug"),
                name: sql<string>`${tag.name}`.as("name"),
                createdAt: now.as("created_at"),
              })
              .from(articles)
              .where(atRevision),
          )
          .onConflictDoNothing(),
      );
    }
    statements.push(
      db.delete(articleTags).where(and(eq(articleTags.articleId, id), stillAt)),
      db.insert(articleTags).select(
        db
          .select({
            articleId: sql<number>`${id}`.as("article_id"),
            tagId: tags.id,
            position: sql<number>`(SELECT key FROM json_each(${slugs}) WHERE value = ${tags.slug})`.as("position"),
          })
          .from(tags)
          .where(
            and(
              inList(
                tags.slug,
                list.map((t) => t.slug),
              ),
              stillAt,
            ),
          ),
      ),
    );
  }
  return statements;
}

/** A unique index refused the batch: another article took the slug between the check and the write. */
export function isSlugRace(error: unknown): boolean {
  return failedUnique(error, "articles.slug");
}

export function slugRaceError(): ApiError {
  return slugIssue(SLUG_TAKEN);
}
