import { useQuery } from "@tanstack/react-query";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { HttpError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { tagArticlesQuery, tagQuery } from "../api/articles.ts";
import styles from "./articles.module.css";
import { NewsNotFound } from "./news-not-found.tsx";
import { PagedArticles } from "./paged-articles.tsx";
import { useMovedAddress } from "./use-moved-address.ts";

const isMissing = (error: unknown) => error instanceof HttpError && (error.status === 404 || error.status === 400);

/** /tag/{slug}: the published articles with the tag, newest first, 20 per page like the news and category pages. */
export function TagView({ slug }: { slug: string }) {
  const tag = useQuery(tagQuery(slug));
  const list = useQuery(tagArticlesQuery(slug));
  // An earlier address of a renamed or merged tag: the API answers the tag at its current one.
  useMovedAddress(tag.data && tag.data.slug !== slug ? `/tag/${tag.data.slug}` : null);
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
