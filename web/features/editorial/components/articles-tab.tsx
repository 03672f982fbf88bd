import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ADMIN_PAGE_SIZE } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { RowList } from "#web/components/ui/data-table.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Pagination } from "#web/components/ui/pagination.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { TRASH_HREF } from "#web/lib/admin-links.ts";
import { type ArticleFilter, adminArticlesQuery } from "../api/articles.ts";
import { categoriesQuery } from "../api/editor.ts";
import { ArticleRow } from "./article-row.tsx";
import styles from "./articles.module.css";
import { useArticleActions } from "./use-article-actions.ts";

/** The filter lives in the URL (?tab=articles&filter=review&q=...&category=17&page=2), so the Overview can link to it. */
function useFilter(): [ArticleFilter, (next: Partial<ArticleFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const category = Number(params.get("category"));
  const filter: ArticleFilter = {
    page: Math.max(1, Number(params.get("page")) || 1),
    q: params.get("q") ?? "",
    categoryId: Number.isInteger(category) && category > 0 ? category : null,
    status: params.get("filter") === "review" ? "review" : null,
  };
  const update = (next: Partial<ArticleFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const out = new URLSearchParams({ tab: "articles" });
    if (merged.status === "review") out.set("filter", "review");
    if (merged.q) out.set("q", merged.q);
    if (merged.categoryId) out.set("category", String(merged.categoryId));
    if (merged.page > 1) out.set("page", String(merged.page));
    setParams(out);
  };
  return [filter, update];
}

/** The Articles tab: paged list (100 a page), search, category filter, the review queue, and each article's actions. */
export function ArticlesTab() {
  const [filter, setFilter] = useFilter();
  const [text, setText] = useState(filter.q);
  const { data, isLoading, isError, isFetching, refetch } = useQuery(adminArticlesQuery(filter));
  const categories = useQuery(categoriesQuery());
  const actions = useArticleActions();
  const reviewing = filter.status === "review";

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ q: text.trim() });
  };

  return (
    <Card title="Articles" aria-label="Articles">
      <div className={styles.toolbar}>
        <search className={styles.search}>
          <form className={styles.searchForm} onSubmit={onSearch}>
            <label className="visually-hidden" htmlFor="admin-article-search">
              Search title or content
            </label>
            <input
              id="admin-article-search"
              className="input"
              type="search"
              placeholder="Search title or content..."
              maxLength={100}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <Button type="submit" size="sm">
              Search
            </Button>
          </form>
        </search>
        <label className="visually-hidden" htmlFor="admin-article-category">
          Category
        </label>
        <select
          id="admin-article-category"
          className="input"
          value={filter.categoryId ?? "all"}
          onChange={(e) => setFilter({ categoryId: e.target.value === "all" ? null : Number.parseInt(e.target.value, 10) })}
        >
          <option value="all">All categories</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <fieldset className={styles.filter}>
          <legend className="visually-hidden">Show</legend>
          <Button
            size="sm"
            variant={reviewing ? "outline" : "primary"}
            aria-pressed={!reviewing}
            onClick={() => setFilter({ status: null })}
          >
            All articles
          </Button>
          <Button
            size="sm"
            variant={reviewing ? "primary" : "outline"}
            aria-pressed={reviewing}
            onClick={() => setFilter({ status: "review" })}
          >
            Held for review
          </Button>
        </fieldset>
        <Link className="btn btn-ghost btn-sm" to={TRASH_HREF}>
          Trash manager
        </Link>
      </div>
      <p className={styles.hint} aria-live="polite">
        {data
          ? `${data.total} article${data.total === 1 ? "" : "s"}${reviewing ? " held for review" : ""}${filter.q ? ` matching “${filter.q}”` : ""}${
              data.totalPages > 1 ? ` · page ${filter.page} of ${data.totalPages}, ${ADMIN_PAGE_SIZE} a page` : ""
            }${isFetching ? " · updating…" : ""}`
          : " "}
      </p>
      {isLoading ? (
        <LoadingRows label="Loading articles" height={72} />
      ) : isError || !data ? (
        <LoadFailed what="articles" onRetry={() => void refetch()} />
      ) : data.articles.length === 0 ? (
        <Notice>
          {reviewing ? "No articles are held for review." : filter.q || filter.categoryId ? "No articles match." : "No articles yet."}
        </Notice>
      ) : (
        <>
          <RowList>
            {data.articles.map((a) => (
              <ArticleRow key={a.id} article={a} actions={actions} />
            ))}
          </RowList>
          <Pagination page={filter.page} totalPages={data.totalPages} onPage={(page) => setFilter({ page })} label="Article pages" />
        </>
      )}
    </Card>
  );
}
