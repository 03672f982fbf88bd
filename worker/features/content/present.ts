import { z } from "zod";
import { type Article, type Seo, type Source, seoSchema, sourceSchema } from "#schema/contracts/article.ts";
import type { Tag } from "#schema/contracts/article-meta.ts";
import { carriesDisclaimer } from "#schema/contracts/article-rules.ts";
import { NEWSROOM_BYLINE } from "#schema/contracts/provenance.ts";
import { readerHtml } from "./article-html.ts";
import { type PublicArticleRow, toSummary } from "./article-store.ts";

/** Parses a JSON column written by another part of the product; anything malformed is left out, never a 500. */
function parseJson<T>(text: string | null, schema: z.ZodType<T>): T | undefined {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const sourcesSchema = z.array(z.union([sourceSchema, z.string().transform((name) => ({ name }))]));

/** An article as readers get it: its body rendered to sanitised HTML, whatever it is stored as. */
export async function presentArticle(row: PublicArticleRow, tags: Tag[]): Promise<Article> {
  const { content, contentFormat, dataAsOf, sourcesJson, seoJson, byline, ...summary } = row;
  const seo: Seo | undefined = parseJson(seoJson, seoSchema);
  const sources: Source[] = parseJson(sourcesJson, sourcesSchema) ?? [];
  return {
    ...toSummary(summary),
    content: await readerHtml(content, contentFormat),
    contentFormat: "html",
    dataAsOf,
    sources,
    ...(seo ? { _seo: seo } : {}),
    tags,
    byline: bylineOf(byline, row.categoryId),
  };
}

/** The byline readers see: the editor's, else the newsroom's on a generated piece (as its page always said), else none. */
export function bylineOf(stored: string | null, categoryId: number): string | null {
  return stored?.trim() || (carriesDisclaimer(categoryId) ? NEWSROOM_BYLINE : null);
}
