import { eq } from "drizzle-orm";
import type { z } from "zod";
import { type Article, articleSchema } from "#schema/contracts/article.ts";
import type { ArticlePreview } from "#schema/contracts/article-meta.ts";
import type { articlePreviewBody } from "#schema/contracts/editorial.ts";
import { readTimeMinutes } from "#schema/contracts/read-time.ts";
import { categories } from "#schema/db/content.ts";
import { presentArticle, sanitizeArticleContent } from "#worker/features/content/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { ApiError } from "#worker/lib/errors.ts";
import { metaColumns, metaOf, normaliseTags } from "./article-meta.ts";
import { liveArticle } from "./editor.service.ts";

/**
 * "Preview on site" (docs/decisions/editorial/preview-on-site.md): the editor's unsaved form, sanitised
 * and presented exactly as the reader's article answer is, kept in KV under a random token for a few
 * minutes. Only admins read it back (the route is under /api/admin); nothing about the article changes.
 */
export const PREVIEW_TTL_S = 600;
const key = (token: string) => `preview:${token}`;
export const PREVIEW_GONE = "This preview has expired or does not exist. Preview again from the editor.";

export async function createPreview(
  db: Db,
  env: Pick<Env, "KV">,
  id: number,
  body: z.output<typeof articlePreviewBody>,
): Promise<ArticlePreview> {
  const row = await liveArticle(db, id);
  const [category] = await db.select().from(categories).where(eq(categories.id, body.categoryId)).limit(1);
  if (!category)
    throw new ApiError("BAD_REQUEST", `Unknown category ${body.categoryId}`, {
      issues: [{ path: "categoryId", message: "Unknown category" }],
    });
  const content = await sanitizeArticleContent(body.content, "html");
  const now = new Date().toISOString();
  const meta = metaColumns(row, body);
  const tags = body.tags ? normaliseTags(body.tags) : (await metaOf(db, row)).tags;
  const article = await presentArticle(
    {
      id: row.id,
      slug: body.slug ?? row.slug,
      title: body.title,
      excerpt: body.excerpt,
      imageUrl: body.imageUrl,
      publishedAt: row.publishedAt ?? now,
      updatedAt: now,
      readTime: readTimeMinutes(content),
      commentCount: row.commentCount,
      categoryId: category.id,
      categoryName: category.name,
      categorySlug: category.slug,
      cryptoName: row.cryptoName,
      cryptoSymbol: row.cryptoSymbol,
      rank: row.rank,
      content,
      contentFormat: "html",
      dataAsOf: row.dataAsOf,
      sourcesJson: row.sourcesJson,
      seoJson: "seoJson" in meta ? (meta.seoJson ?? null) : row.seoJson,
      byline: "byline" in meta ? (meta.byline ?? null) : row.byline,
    },
    tags,
  );
  const token = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  await env.KV.put(key(token), JSON.stringify(article), { expirationTtl: PREVIEW_TTL_S });
  return { token, path: `/preview/${token}`, expiresAt: new Date(Date.now() + PREVIEW_TTL_S * 1000).toISOString() };
}

export async function readPreview(env: Pick<Env, "KV">, token: string): Promise<Article> {
  const text = await env.KV.get(key(token), "text");
  const parsed = text ? articleSchema.safeParse(JSON.parse(text)) : null;
  if (!parsed?.success) throw new ApiError("NOT_FOUND", PREVIEW_GONE);
  return parsed.data;
}
