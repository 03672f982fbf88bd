import { useRef } from "react";
import { useSearchParams } from "react-router";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { ArticleCard, ArticleCardSkeleton } from "#web/components/ui/article-card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import styles from "./articles.module.css";

/** The news page and category pages show 20 articles per page (public-site.md §9). */
export const NEWS_PAGE_SIZE = 20;

/** "Page 2 of 3, Showing 21-40 of 57 articles". */
export function pageSummary(page: number, total: number, size = NEWS_PAGE_SIZE): string {
  const pages = Math.max(1, Math.ceil(total / size));
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);
  return `Page ${page} of ${pages}, Showing ${first}-${last} of ${total} articles`;
}

/**
 * A list paged on the client, the page kept in the URL (?page=) so it survives reloads and can
 * be shared. A page past the end shows the last one.
 */
export function PagedArticles({
  articles,
  isLoading,
  isError,
  emptyMessage,
  label,
}: {
  articles: ArticleSummary[] | undefined;
  isLoading: boolean;
  isError: boolean;
  emptyMessage: string;
  label: string;
}) {
  const [params, setParams] = useSearchParams();
  const top = useRef<HTMLDivElement>(null);
  if (isLoading) {
    return (
      <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading articles">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ArticleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError || !articles) return <Notice tone="error">Failed to load articles. Please try again later.</Notice>;
  if (articles.length === 0) return <Notice>{emptyMessage}</Notice>;

  const totalPages = Math.max(1, Math.ceil(articles.length / NEWS_PAGE_SIZE));
  const requested = Number.parseInt(params.get("page") ?? "1", 10) || 1;
  const page = Math.min(Math.max(1, requested), totalPages);
  const shown = articles.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE);

  function goTo(next: number) {
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === 1) copy.delete("page");
        else copy.set("page", String(next));
        return copy;
      },
      { preventScrollReset: true },
    );
    top.current?.scrollIntoView({ block: "start" });
  }

  return (
    <div ref={top} className={styles.paged}>
      <p className={styles.pageSummary} aria-live="polite">
        {pageSummary(page, articles.length)}
      </p>
      <div className={styles.grid}>
        {shown.map((a, i) => (
          <ArticleCard key={a.id} article={a} eager={i < 3} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onPage={goTo} maxButtons={0} label={label} />
    </div>
  );
}
