import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { HttpError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { articlesQuery, categoryArticlesQuery, categoryQuery } from "../api/articles.ts";
import styles from "./articles.module.css";
import { NewsNotFound } from "./news-not-found.tsx";
import { PagedArticles } from "./paged-articles.tsx";

/** Empty messages of the two news categories (public-site.md §8); any other says 'No articles found'. */
export const EMPTY_BY_CATEGORY: Record<string, string> = {
  "trending-analysis": "No trending analysis articles found",
  "daily-roundup": "No daily roundup articles found",
};

function FeedLink({ href }: { href: string }) {
  return (
    <a className={styles.feedLink} href={href} type="application/rss+xml">
      <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
        <circle cx="3" cy="13" r="2" fill="currentColor" />
        <path d="M1 7a8 8 0 0 1 8 8M1 2a13 13 0 0 1 13 13" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      RSS feed
    </a>
  );
}

/** /news: every news article, 20 per page. */
export function NewsView() {
  const { data, isLoading, isError } = useQuery(articlesQuery("news"));
  useDocumentTitle("Cryptocurrency News");
  return (
    <div className="container page">
      <div className={styles.pageHead}>
        <div>
          <h1>Cryptocurrency News</h1>
          <p className={styles.lead}>Daily roundups and trending analysis, newest first.</p>
        </div>
        <FeedLink href="/rss.xml" />
      </div>
      <PagedArticles articles={data} isLoading={isLoading} isError={isError} emptyMessage="No articles found" label="News pages" />
    </div>
  );
}

/** /categories/{slug}: the category's title and its articles. */
export function CategoryView({ slug }: { slug: string }) {
  const category = useQuery(categoryQuery(slug));
  const list = useQuery(categoryArticlesQuery(slug));
  const notFound = category.error instanceof HttpError && (category.error.status === 404 || category.error.status === 400);
  useDocumentTitle(category.data?.name ?? (notFound ? "Category not found" : null));

  if (notFound) {
    return <NewsNotFound title="Category not found" text={`There is no category called "${slug}".`} />;
  }

  return (
    <div className="container page">
      <div className={styles.pageHead}>
        <div>
          {category.data ? <h1>{category.data.name}</h1> : <Skeleton width={260} height={36} />}
          {category.data?.description ? <p className={styles.lead}>{category.data.description}</p> : null}
        </div>
        <FeedLink href={`/categories/${encodeURIComponent(slug)}/rss.xml`} />
      </div>
      <PagedArticles
        articles={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        emptyMessage={EMPTY_BY_CATEGORY[slug] ?? "No articles found"}
        label={`${category.data?.name ?? "Category"} pages`}
      />
    </div>
  );
}
