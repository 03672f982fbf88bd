import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { Link } from "react-router";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { prng } from "#schema/contracts/prng.ts";
import { ArticleCard, ArticleCardSkeleton } from "#web/components/ui/article-card.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { guidesQuery } from "#web/lib/guides-query.ts";
import { useVisitSeed } from "#web/lib/render-context.ts";
import { categoryArticlesQuery, trendingQuery } from "../api/articles.ts";
import styles from "./articles.module.css";

const LOAD_ERROR = "Failed to load articles. Please try again later.";

/** How many stories each home section shows (public-site.md §9). */
const ROUNDUP_COUNT = 1;
const ANALYSIS_COUNT = 6;
const TRENDING_NOW_COUNT = 5;

function Section({ id, title, link, children }: { id: string; title: string; link: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        {link}
      </div>
      {children}
    </section>
  );
}

function Tiles({
  query,
  count,
  empty,
  variant = "card",
}: {
  query: { data: ArticleSummary[] | undefined; isLoading: boolean; isError: boolean };
  count: number;
  empty: string;
  variant?: "card" | "feature";
}) {
  const { data, isLoading, isError } = query;
  const className = variant === "feature" ? undefined : styles.grid3;
  if (isLoading)
    return (
      <div className={className} role="status" aria-busy="true" aria-label="Loading articles">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ArticleCardSkeleton key={i} variant={variant} />
        ))}
      </div>
    );
  if (isError || !data) return <Notice tone="error">{LOAD_ERROR}</Notice>;
  if (data.length === 0) return <Notice>{empty}</Notice>;
  return (
    <div className={className}>
      {data.slice(0, count).map((a, i) => (
        <ArticleCard key={a.id} article={a} variant={variant} eager={i === 0} />
      ))}
    </div>
  );
}

/** Home: the latest Daily Roundup as the lead story. */
export function DailyRoundupSection() {
  const query = useQuery(categoryArticlesQuery("daily-roundup", ROUNDUP_COUNT));
  return (
    <Section id="daily-roundup-title" title="Daily Roundup" link={<Link to="/categories/daily-roundup">All roundups</Link>}>
      <Tiles query={query} count={ROUNDUP_COUNT} empty="No daily roundup articles found" variant="feature" />
    </Section>
  );
}

/** Home: the six latest Trending Analysis articles, each with its rank badge. */
export function TrendingAnalysisSection() {
  const query = useQuery(categoryArticlesQuery("trending-analysis", ANALYSIS_COUNT));
  return (
    <Section id="trending-analysis-title" title="Trending Analysis" link={<Link to="/categories/trending-analysis">All analysis</Link>}>
      <Tiles query={query} count={ANALYSIS_COUNT} empty="No trending analysis articles found" />
    </Section>
  );
}

/** Three guides picked at random on each visit (useVisitSeed), so returning readers see others. */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

export function GuidesSection() {
  const query = useQuery(guidesQuery());
  const seed = useVisitSeed();
  // One draw per list received (the list never goes stale), not one per render.
  const data = useMemo(() => (query.data ? pickRandom(query.data, 3, prng(seed)) : undefined), [query.data, seed]);
  return (
    <Section id="guides-title" title="Crypto 101 Guides" link={<Link to="/crypto-101">All guides</Link>}>
      <Tiles query={{ ...query, data }} count={3} empty="No Crypto 101 guides found" />
    </Section>
  );
}

/**
 * Why Trending Now lists fewer than five: the site has fewer news articles than the home page shows
 * (a new site's first day has one roundup and nine analyses, seven of them in the sections above).
 */
export function fewerNote(listed: number, shownAbove: number): string | null {
  if (listed >= TRENDING_NOW_COUNT) return null;
  const more = listed === 0 ? "No other stories" : `Only ${listed} more ${listed === 1 ? "story" : "stories"}`;
  return `${more} so far: the ${shownAbove} newest ${shownAbove === 1 ? "is" : "are"} in the sections above.`;
}

/**
 * Sidebar: the five latest news articles not already shown above it (the lead roundup and the
 * analysis tiles, whose queries are shared, not fetched twice), and the way to all of them. With
 * fewer, it says why (docs/decisions/content/trending-now-says-why-fewer.md).
 */
export function TrendingNowCard() {
  const latest = useQuery(trendingQuery(TRENDING_NOW_COUNT + ROUNDUP_COUNT + ANALYSIS_COUNT));
  const roundup = useQuery(categoryArticlesQuery("daily-roundup", ROUNDUP_COUNT));
  const analysis = useQuery(categoryArticlesQuery("trending-analysis", ANALYSIS_COUNT));
  // Wait for the sections above, so the list does not change under the reader's eyes.
  const isLoading = latest.isLoading || roundup.isLoading || analysis.isLoading;
  const isError = latest.isError;
  const { data, shownAbove } = useMemo(() => {
    if (!latest.data) return { data: undefined, shownAbove: 0 };
    const above = new Set(
      [...(roundup.data ?? []).slice(0, ROUNDUP_COUNT), ...(analysis.data ?? []).slice(0, ANALYSIS_COUNT)].map((a) => a.id),
    );
    return {
      data: latest.data.filter((a) => !above.has(a.id)).slice(0, TRENDING_NOW_COUNT),
      shownAbove: latest.data.filter((a) => above.has(a.id)).length,
    };
  }, [latest.data, roundup.data, analysis.data]);
  const fewer = data && shownAbove > 0 ? fewerNote(data.length, shownAbove) : null;
  return (
    <Card title="Trending Now" aria-label="Trending Now">
      {isLoading ? (
        <div className="stack" style={{ gap: 8 }} role="status" aria-busy="true" aria-label="Loading articles">
          {Array.from({ length: TRENDING_NOW_COUNT }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <ArticleCardSkeleton key={i} variant="row" />
          ))}
        </div>
      ) : isError || !data ? (
        <Notice tone="error">{LOAD_ERROR}</Notice>
      ) : data.length === 0 && !fewer ? (
        <p className="muted">No articles found</p>
      ) : (
        <>
          {data.length > 0 ? (
            <ul className={styles.rowList}>
              {data.map((a) => (
                <li key={a.id}>
                  <ArticleCard article={a} variant="row" />
                </li>
              ))}
            </ul>
          ) : null}
          {fewer ? (
            <p className="muted" data-testid="trending-now-fewer" style={{ margin: "8px 0 0", fontSize: "0.85rem" }}>
              {fewer}
            </p>
          ) : null}
        </>
      )}
      <p style={{ margin: "8px 0 0", textAlign: "right" }}>
        <Link to="/news">View all news</Link>
      </p>
    </Card>
  );
}
