import { and, desc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { articles } from "#schema/db/content.ts";
import type { Db } from "#worker/lib/db.ts";
import type { MailArticle } from "./mail-templates.ts";

/** Category ids of public-site.md §9. */
export const DAILY_ROUNDUP_CATEGORY = 18;
export const TRENDING_ANALYSIS_CATEGORY = 17;
/** As many Trending Analysis links as the home page shows. */
export const TRENDING_LIMIT = 6;

/** `replayed`: written from the offline replay of recorded market figures (its stored market source is "demo"). */
export type EditionArticle = MailArticle & { id: number; replayed?: boolean };

/** Whether an article's stored sources (JSON) name replayed demo market data; unknown or unreadable is not. */
export function replayedMarket(sourcesJson: string | null): boolean {
  if (!sourcesJson) return false;
  try {
    const sources = JSON.parse(sourcesJson) as unknown;
    return Array.isArray(sources) && sources.some((s) => s?.role === "market" && s?.kind === "demo");
  } catch {
    return false;
  }
}

const columns = { id: articles.id, slug: articles.slug, title: articles.title, excerpt: articles.excerpt };

/** Readers may see it: published, not in the trash, and its publish time has come. */
function isPublic(nowIso: string) {
  return and(eq(articles.status, "published"), isNull(articles.deletedAt), lte(articles.publishedAt, nowIso));
}

/** The day's Daily Roundup: the latest one published on that UTC day, up to now. */
export async function findDailyRoundup(db: Db, day: string, nowIso: string): Promise<EditionArticle | null> {
  const [row] = await db
    .select(columns)
    .from(articles)
    .where(and(isPublic(nowIso), eq(articles.categoryId, DAILY_ROUNDUP_CATEGORY), gte(articles.publishedAt, `${day}T00:00:00.000Z`)))
    .orderBy(desc(articles.publishedAt))
    .limit(1);
  return row ?? null;
}

/** Trending Analysis articles of the last 24 hours, newest first. */
export async function findTrendingAnalysis(db: Db, nowMs: number): Promise<EditionArticle[]> {
  const nowIso = new Date(nowMs).toISOString();
  const since = new Date(nowMs - 86_400_000).toISOString();
  return db
    .select(columns)
    .from(articles)
    .where(and(isPublic(nowIso), eq(articles.categoryId, TRENDING_ANALYSIS_CATEGORY), gte(articles.publishedAt, since)))
    .orderBy(desc(articles.publishedAt))
    .limit(TRENDING_LIMIT);
}

/** The articles an edition fixed at its first batch, in that order, minus any no longer public. */
export async function loadEditionArticles(db: Db, ids: number[], nowIso: string): Promise<EditionArticle[]> {
  if (ids.length === 0) return [];
  // By primary key alone, readers' rule applied here: with it in SQL the planner walks the public
  // articles' index instead, a read of the whole archive for every message of the send.
  const rows = await db
    .select({
      ...columns,
      status: articles.status,
      deletedAt: articles.deletedAt,
      publishedAt: articles.publishedAt,
      sourcesJson: articles.sourcesJson,
    })
    .from(articles)
    .where(inArray(articles.id, ids));
  const readable = rows.filter(
    (r) => r.status === "published" && r.deletedAt === null && r.publishedAt !== null && r.publishedAt <= nowIso,
  );
  const byId = new Map(
    readable.map(({ id, slug, title, excerpt, sourcesJson }) => [id, { id, slug, title, excerpt, replayed: replayedMarket(sourcesJson) }]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
