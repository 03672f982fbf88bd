import { z } from "zod";
import { slugParam } from "#schema/contracts/article.ts";
import { CATEGORY } from "#schema/contracts/article-rules.ts";
import { readTimeMinutes } from "#schema/contracts/read-time.ts";

/**
 * Crypto 101 guides are Markdown files with a small frontmatter block (guides/*.md):
 *   ---
 *   title: "What Is Bitcoin?"
 *   slug: what-is-bitcoin
 *   categoryId: 20
 *   excerpt: One or two sentences for cards and search results.
 *   publishedAt: 2026-09-01T09:00:00Z
 *   cryptoSymbol: BTC        (optional: the coin the guide is about; its coin page's About card leads with it)
 *   ---
 */
export const guideFrontmatter = z.object({
  title: z.string().min(5).max(200),
  slug: slugParam,
  categoryId: z.coerce.number().int().min(CATEGORY.gettingStarted).max(CATEGORY.advancedTopics),
  excerpt: z.string().min(20).max(400),
  publishedAt: z
    .string()
    .refine((v) => Number.isFinite(Date.parse(v)), "publishedAt must be a date")
    .transform((v) => new Date(v).toISOString()),
  cryptoSymbol: z
    .string()
    .regex(/^[A-Z0-9]{1,20}$/, "cryptoSymbol must be a coin's symbol in capitals")
    .optional(),
});

export type Guide = z.infer<typeof guideFrontmatter> & { content: string; readTime: number; imageUrl: string };

/** Cover art per guide card (web/public/images/covers). */
export const COVER_BY_CATEGORY: Record<number, string> = {
  [CATEGORY.trendingAnalysis]: "/images/covers/trending-analysis.svg",
  [CATEGORY.dailyRoundup]: "/images/covers/daily-roundup.svg",
  [CATEGORY.crypto101]: "/images/covers/getting-started.svg",
  [CATEGORY.gettingStarted]: "/images/covers/getting-started.svg",
  [CATEGORY.securitySafety]: "/images/covers/security-safety.svg",
  [CATEGORY.tradingInvesting]: "/images/covers/trading-investing.svg",
  [CATEGORY.advancedTopics]: "/images/covers/advanced-topics.svg",
};
export const DEFAULT_COVER = "/images/default-card.svg";

function unquote(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) return JSON.parse(value) as string;
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) return value.slice(1, -1).replaceAll("''", "'");
  return value;
}

/** Parses one guide file; throws with the file name and the problem when it is not valid. */
export function parseGuide(text: string, file: string): Guide {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: missing the --- frontmatter block`);
  const [, head = "", body = ""] = match;
  const fields: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`${file}: cannot read frontmatter line "${line}"`);
    fields[line.slice(0, colon).trim()] = unquote(line.slice(colon + 1));
  }
  const parsed = guideFrontmatter.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const content = body.trim();
  return {
    ...parsed.data,
    content,
    readTime: readTimeMinutes(content),
    imageUrl: COVER_BY_CATEGORY[parsed.data.categoryId] ?? DEFAULT_COVER,
  };
}

const literal = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`);

/**
 * An idempotent upsert by slug. A guide an editor has changed in the admin panel (it has saved
 * versions) or moved to the trash is left alone; an unchanged guide is not touched at all.
 */
export function guideUpsertSql(guide: Guide): string {
  const v = {
    slug: literal(guide.slug),
    title: literal(guide.title),
    excerpt: literal(guide.excerpt),
    content: literal(guide.content),
    image: literal(guide.imageUrl),
    category: literal(guide.categoryId),
    published: literal(guide.publishedAt),
    readTime: literal(guide.readTime),
    symbol: guide.cryptoSymbol ? literal(guide.cryptoSymbol) : "NULL",
  };
  return `INSERT INTO articles (slug, title, excerpt, content, content_format, image_url, category_id, status, published_at, read_time, crypto_symbol)
VALUES (${v.slug}, ${v.title}, ${v.excerpt}, ${v.content}, 'markdown', ${v.image}, ${v.category}, 'published', ${v.published}, ${v.readTime}, ${v.symbol})
ON CONFLICT (slug) DO UPDATE SET title = excluded.title, excerpt = excluded.excerpt, content = excluded.content,
  image_url = excluded.image_url, category_id = excluded.category_id, published_at = excluded.published_at,
  read_time = excluded.read_time, crypto_symbol = excluded.crypto_symbol, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE articles.category_id BETWEEN ${CATEGORY.crypto101} AND ${CATEGORY.advancedTopics}
  AND articles.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM article_versions v WHERE v.article_id = articles.id)
  AND (articles.title IS NOT excluded.title OR articles.excerpt IS NOT excluded.excerpt OR articles.content IS NOT excluded.content
    OR articles.image_url IS NOT excluded.image_url OR articles.category_id IS NOT excluded.category_id
    OR articles.published_at IS NOT excluded.published_at OR articles.crypto_symbol IS NOT excluded.crypto_symbol)`;
}
