import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { HttpError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { tagArticlesQuery, tagQuery } from "../api/articles.ts";
import styles from "./articles.module.css";
import { NewsNotFound } from "./news-not-found.tsx";
import { PagedArticles } from "./paged-articles.tsx";

const isMissing = (error: unknown) => error instanceof HttpError && (error.status === 404 || error.status === 400);

/** /tag/{slug}: the published articles with the tag, newest first, 20 per page like the news and category pages. */
export function TagView({ slug }: { slug: string }) {
  const tag = useQuery(tagQuery(slug));
  const list = useQuery(tagArticlesQuery(slug));
  useCurrentTagAddress(slug, tag.data?.slug);
  const notFound = isMissing(tag.error) || isMissing(list.error);
  useDocumentTitle(tag.data ? `${tag.data.name}: articles` : notFound ? "Tag not found" : null);

  if (notFound) {
    return <NewsNotFound title="Tag not found" text={`No published article is tagged "${slug}".`} />;
  }

  return (
    <div className="container page">
      <div className={styles.pageHead}>
        <div>
          <p className={styles.lead}>Tag</p>
          {tag.data ? <h1>{tag.data.name}</h1> : tag.isError ? <h1>{slug}</h1> : <Skeleton width={260} height={36} />}
        </div>
      </div>
      {tag.isError ? <Notice tone="error">Failed to load this tag. Please try again later.</Notice> : null}
      <PagedArticles
        articles={list.data}
        isLoading={list.isLoading}
        isError={list.isError}
        emptyMessage="No published articles have this tag yet"
        label={`${tag.data?.name ?? "Tag"} pages`}
      />
    </div>
  );
}

/**
 * An earlier address of a renamed or merged tag: the API answers the tag with its current slug, and
 * the page moves there (replacing the old address in the history, as the server's 301 would).
 */
function useCurrentTagAddress(slug: string, current: string | undefined) {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  useEffect(() => {
    if (current && current !== slug) navigate(`/tag/${current}${search}${hash}`, { replace: true });
  }, [current, slug, navigate, search, hash]);
}
