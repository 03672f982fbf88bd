import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router";
import type { Article } from "#schema/contracts/article.ts";
import { articlePath, CATEGORY, carriesDisclaimer, isGuideCategory } from "#schema/contracts/article-rules.ts";
import { CoinPriceChip } from "#web/components/coin-price-chip.tsx";
import { ArticleCard, ArticleCardSkeleton } from "#web/components/ui/article-card.tsx";
import { ArticleImage } from "#web/components/ui/article-image.tsx";
import { ArticleMeta } from "#web/components/ui/article-meta.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { HttpError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { useSiteOrigin } from "#web/lib/render-context.ts";
import { articleKeys, articleQuery, relatedQuery } from "../api/articles.ts";
import styles from "./article.module.css";
import { ArticleBody } from "./article-body.tsx";
import { NewsNotFound } from "./news-not-found.tsx";
import { DisclaimerAndCredits, GeneratedByline } from "./provenance.tsx";
import { ShareCard } from "./share-card.tsx";
import { useMovedAddress } from "./use-moved-address.ts";

export function ArticleNotFound() {
  return <NewsNotFound title="Article not found" text="It may have been moved or taken down." />;
}

function ArticleSkeleton() {
  return (
    <div className={`container page ${styles.column}`} role="status" aria-busy="true" aria-label="Loading article">
      <Skeleton width="40%" height={14} />
      <Skeleton width="90%" height={40} style={{ marginTop: 16 }} />
      <Skeleton width="30%" height={14} style={{ marginTop: 12 }} />
      <Skeleton height={320} style={{ marginTop: 20 }} />
      <div className="stack" style={{ marginTop: 20 }}>
        <Skeleton height={16} />
        <Skeleton height={16} />
        <Skeleton width="70%" height={16} />
      </div>
    </div>
  );
}

function Breadcrumb({ article }: { article: Article }) {
  const guide = isGuideCategory(article.categoryId);
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>{guide ? <Link to="/crypto-101">Crypto 101</Link> : <Link to="/news">News</Link>}</li>
        <li aria-current="page">{article.title}</li>
      </ol>
    </nav>
  );
}

function Related({ article }: { article: Article }) {
  const { data, isLoading } = useQuery(relatedQuery(article.slug));
  const title = isGuideCategory(article.categoryId) ? "Related Guides" : "Related Articles";
  if (!isLoading && (!data || data.length === 0)) return null;
  return (
    <section aria-labelledby="related-title" className={styles.related}>
      <h2 id="related-title">{title}</h2>
      <div className={styles.relatedGrid}>
        {isLoading || !data
          ? Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ArticleCardSkeleton key={i} />
            ))
          : data.slice(0, 3).map((a) => <ArticleCard key={a.id} article={a} />)}
      </div>
    </section>
  );
}

/** Its tags, each a link to the tag's page. */
function Tags({ article }: { article: Article }) {
  if (!article.tags.length) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {article.tags.map((tag) => (
        <li key={tag.slug}>
          <Link to={`/tag/${tag.slug}`}>{tag.name}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * An address the article had before its slug was edited: the API answers the article with its current
 * slug, the answer is kept for the new address (declared first, so it is there when the page moves).
 */
function useCurrentAddress(slug: string, article: Article | undefined) {
  const client = useQueryClient();
  const moved = article && article.slug !== slug ? article : null;
  useEffect(() => {
    if (moved) client.setQueryData(articleKeys.one(moved.slug), moved);
  }, [moved, client]);
  useMovedAddress(moved ? articlePath(moved) : null);
  return moved !== null;
}

/** /article/{slug} and /crypto-101/{slug}: one reading view for news and guides. */
export function ArticleView({ slug }: { slug: string }) {
  const { data: article, isLoading, error } = useQuery(articleQuery(slug));
  const moving = useCurrentAddress(slug, article);

  const notFound = error instanceof HttpError && (error.status === 404 || error.status === 400);
  useDocumentTitle(article?.title ?? (notFound ? "Article not found" : null));

  if (isLoading || moving) return <ArticleSkeleton />;
  if (notFound) return <ArticleNotFound />;
  if (!article)
    return (
      <div className="container page">
        <Notice tone="error">Failed to load the article. Please try again later.</Notice>
      </div>
    );
  return <ArticleReading article={article} />;
}

/** The article as readers see it; `related: false` for the desk's preview, which is not on the site yet. */
export function ArticleReading({ article, related = true }: { article: Article; related?: boolean }) {
  const origin = useSiteOrigin();
  const url = `${origin}${articlePath(article)}`;
  return (
    <div className="container page">
      <article className={styles.column}>
        <Breadcrumb article={article} />
        <p className={styles.kicker}>
          <Link to={`/categories/${article.categorySlug}`}>{article.categoryName}</Link>
        </p>
        <h1 className={styles.headline}>{article.title}</h1>
        <ArticleMeta publishedAt={article.publishedAt} readTime={article.readTime} commentCount={article.commentCount} />
        {article.cryptoSymbol ? <CoinPriceChip symbol={article.cryptoSymbol} name={article.cryptoName} /> : null}
        {carriesDisclaimer(article.categoryId) ? (
          <GeneratedByline article={article} />
        ) : article.byline ? (
          <p className={styles.byline} data-testid="article-byline">
            <strong>By {article.byline}</strong>
          </p>
        ) : null}
        <ArticleImage
          src={article.imageUrl}
          alt=""
          eager
          rank={article.categoryId === CATEGORY.trendingAnalysis ? article.rank : null}
          className={styles.hero}
        />
        {article.excerpt ? <p className={styles.standfirst}>{article.excerpt}</p> : null}
        <ArticleBody content={article.content} />
        <Tags article={article} />
        {carriesDisclaimer(article.categoryId) ? <DisclaimerAndCredits article={article} /> : null}
        <ShareCard url={url} title={article.title} excerpt={article.excerpt} />
      </article>
      {related ? <Related article={article} /> : null}
    </div>
  );
}
