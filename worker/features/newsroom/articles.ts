import { and, eq, gte, lt } from "drizzle-orm";
import { readTimeMinutes } from "#schema/contracts/read-time.ts";
import { articles } from "#schema/db/content.ts";
import { invalidateContentCache, sanitizeArticleContent } from "#worker/features/content/index.ts";
import type { Db } from "#worker/lib/db.ts";
import { type ClaimInput, type ClaimReport, reviewText } from "#worker/lib/grounding/index.ts";
import { logger } from "#worker/lib/log.ts";
import type { Draft, TokenUsage } from "#worker/ports/llm/llm.ts";
import { CATEGORY_ROUNDUP, CATEGORY_TRENDING, coverImage } from "./covers.ts";

const log = logger("newsroom");

export { CATEGORY_ROUNDUP, CATEGORY_TRENDING };

/**
 * Where an article's figures and words came from, stored with it (`sources_json`); the reader's
 * credits, byline and data times are built from these and nothing else.
 */
export type Source = {
  name: string;
  url?: string;
  role: "market" | "social" | "writer";
  /** market, social: when the data was taken (ISO). */
  asOf?: string;
  /** writer: "ai" or "template"; market: "live" or "demo"; social: "live" or "model". */
  kind?: "ai" | "template" | "live" | "demo" | "model";
  /** writer: the model that wrote it. */
  model?: string;
};

/** How a generated article was written, for admins (`generation_json`). */
export type GenerationRecord = {
  writer: string;
  model: string;
  /** 1, or 2 when the first draft failed the check and went back once. */
  attempts: number;
  usage: TokenUsage | null;
  promptHash: string | null;
  raw: string | null;
  /** The first draft's problems when it was repaired. */
  firstProblems?: string;
};

export type GeneratedArticle = {
  /** Idempotency key: "{date}:{task}" or "{date}:{task}:{coinId}". */
  key: string;
  slug: string;
  categoryId: typeof CATEGORY_TRENDING | typeof CATEGORY_ROUNDUP;
  draft: Draft;
  grounding: ClaimReport;
  /** The facts and coins the draft was checked against: stored, so an editor's save is checked again with them. */
  claimInput?: ClaimInput;
  generation: GenerationRecord;
  dataAsOf: string;
  sources: Source[];
  coin?: { symbol: string; name: string; rank: number };
};

export type SaveResult = { status: "published" | "review" | "existing"; id: number | null; slug: string };

/** "Data as of 22 November 2026, 06:00 UTC." and the sources, as the article's last lines. */
export function footer(dataAsOf: string, sources: readonly Source[]): string {
  const at = new Date(dataAsOf);
  const day = at.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  const time = at.toISOString().slice(11, 16);
  const names = sources.map((s) => (s.url ? `[${s.name}](${s.url})` : s.name)).join(" · ");
  return `---\n\n*Data as of ${day}, ${time} UTC.*\n\n**Sources:** ${names}`;
}

export async function generatedExists(db: Db, key: string): Promise<boolean> {
  return (await generatedStatus(db, key)) !== null;
}

/** The status of the article written under a key (published, review, or what an editor made of it), or null. */
export async function generatedStatus(db: Db, key: string): Promise<string | null> {
  const [row] = await db.select({ status: articles.status }).from(articles).where(eq(articles.generationKey, key)).limit(1);
  return row?.status ?? null;
}

/**
 * Saves a generated article once per key: published when every figure checked out, otherwise
 * kept as a review draft with the reason. A second save with the same key changes nothing.
 */
export async function saveGenerated(db: Db, env: Pick<Env, "KV">, article: GeneratedArticle, now: Date): Promise<SaveResult> {
  const published = article.grounding.ok;
  // A writer's Markdown may carry raw HTML or link URLs: stored clean, whatever the model wrote.
  const content = await sanitizeArticleContent(
    `${article.draft.body.trim()}\n\n${footer(article.dataAsOf, article.sources)}\n`,
    "markdown",
  );
  const values = {
    title: article.draft.title,
    excerpt: article.draft.excerpt,
    content,
    contentFormat: "markdown" as const,
    imageUrl: coverImage(article.categoryId, article.coin?.symbol),
    categoryId: article.categoryId,
    cryptoSymbol: article.coin?.symbol ?? null,
    cryptoName: article.coin?.name ?? null,
    rank: article.coin?.rank ?? null,
    status: published ? ("published" as const) : ("review" as const),
    publishedAt: published ? now.toISOString() : null,
    readTime: readTimeMinutes(content),
    dataAsOf: article.dataAsOf,
    sourcesJson: JSON.stringify(article.sources),
    // One failed figure or phrase per line: the review screen shows it as written.
    reviewReason: published ? null : `Claim check failed:\n${reviewText(article.grounding)}`.slice(0, 4000),
    groundingJson: JSON.stringify(article.grounding.figures),
    claimInputJson: article.claimInput ? JSON.stringify({ facts: article.claimInput.facts, entities: article.claimInput.entities }) : null,
    // The check as the desk reads it: its reasons and every sentence's reading (schema/contracts/editorial.ts, ClaimCheck).
    checkJson: JSON.stringify({
      ok: published,
      reasons: article.grounding.problems ?? [],
      checkedAt: now.toISOString(),
      by: "newsroom",
      readings: article.grounding.readings ?? [],
    }),
    generationJson: JSON.stringify(article.generation),
    generationKey: article.key,
  };
  // A slug taken by another article (say, one written by hand) gets a numbered suffix.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? article.slug : `${article.slug}-${attempt + 1}`;
    const [row] = await db
      .insert(articles)
      .values({ ...values, slug })
      .onConflictDoNothing()
      .returning({ id: articles.id });
    if (row) {
      // The article is saved; a failed cache bump (KV allows one write per second per key) must not
      // fail the step, which would then find the article written and never bump again.
      await invalidateContentCache(env).catch((err) => log.warn("content cache invalidation failed", { key: article.key, error: err }));
      return { status: values.status, id: row.id, slug };
    }
    const [existing] = await db
      .select({ id: articles.id, slug: articles.slug })
      .from(articles)
      .where(eq(articles.generationKey, article.key))
      .limit(1);
    if (existing) return { status: "existing", id: existing.id, slug: existing.slug };
  }
  throw new Error(`Could not find a free slug for ${article.slug}`);
}

/**
 * The articles generated for a date: their keys ("{date}:{task}…") as a range of the keys' unique
 * index. `LIKE '{date}:%'` cannot use that index (SQLite's LIKE ignores case), so it read the whole
 * archive, 100,000 rows a lookup at 100x today. ";" is the character after ":".
 */
function ofDate(date: string) {
  return and(gte(articles.generationKey, `${date}:`), lt(articles.generationKey, `${date};`));
}

/** Published and held-for-review articles a task wrote for a date, by task key. */
export async function countByTask(db: Db, date: string): Promise<Map<string, { published: number; review: number }>> {
  // Status and deletion are checked here, not in SQL: with them there, SQLite picks the public index
  // and walks every published article instead of the day's few keys.
  const rows = await db
    .select({ key: articles.generationKey, status: articles.status, deletedAt: articles.deletedAt })
    .from(articles)
    .where(ofDate(date));
  const out = new Map<string, { published: number; review: number }>();
  for (const row of rows) {
    const task = row.key?.split(":")[1];
    if (!task || row.deletedAt !== null || (row.status !== "published" && row.status !== "review")) continue;
    const entry = out.get(task) ?? { published: 0, review: 0 };
    if (row.status === "published") entry.published++;
    else entry.review++;
    out.set(task, entry);
  }
  return out;
}

/** Titles of the articles held for review on a date (for the daily summary's warnings). */
export async function heldForReview(db: Db, date: string): Promise<string[]> {
  // The status is checked here for the reason countByTask gives.
  const rows = await db.select({ title: articles.title, status: articles.status }).from(articles).where(ofDate(date));
  return rows.filter((r) => r.status === "review").map((r) => r.title);
}

/** "pepe-trending-analysis-2026-11-22": readable, and unique by construction (coin ids are unique). */
export function trendingSlug(coinId: string, date: string): string {
  return `${slugify(coinId)}-trending-analysis-${date}`;
}

export function roundupSlug(date: string): string {
  return `daily-crypto-roundup-${date}`;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
}

/** Every generated article of a date with how it was written and checked, for admins (GET /api/admin/generation-records). */
export async function generationRecords(db: Db, date: string) {
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      status: articles.status,
      generationKey: articles.generationKey,
      reviewReason: articles.reviewReason,
      groundingJson: articles.groundingJson,
      checkJson: articles.checkJson,
      generationJson: articles.generationJson,
      sourcesJson: articles.sourcesJson,
    })
    .from(articles)
    .where(ofDate(date))
    .orderBy(articles.id);
  const parse = (text: string | null) => {
    try {
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null;
    }
  };
  return rows.map(({ groundingJson, checkJson, generationJson, sourcesJson, ...row }) => ({
    ...row,
    generation: parse(generationJson),
    figures: parse(groundingJson),
    // Every sentence's reading and verdict, as the check stored it (null: checked before readings).
    readings: (parse(checkJson) as { readings?: unknown } | null)?.readings ?? null,
    sources: parse(sourcesJson),
  }));
}
