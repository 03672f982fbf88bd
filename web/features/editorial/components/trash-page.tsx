import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { TrashedArticle } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { DataTable } from "#web/components/ui/data-table.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { ARTICLES_TAB_HREF, serverMessage } from "#web/lib/admin-links.ts";
import { utcDateTime } from "#web/lib/format.ts";
import { deleteForever, restoreFromTrash, trashKeys, trashQuery } from "../api/trash.ts";
import styles from "./trash.module.css";

/** Spec assistant-plans-admin.md §9: the title column shows the first 100 characters of the excerpt. */
export const EXCERPT_PREVIEW = 100;

export const restoreConfirm = (title: string) => `Are you sure you want to restore "${title}"?`;
export const deleteConfirm = (title: string) => `Are you sure you want to PERMANENTLY delete "${title}"? This action cannot be undone.`;

/** Case-insensitive match on title, excerpt or crypto symbol (client-side, assistant-plans-admin.md §2). */
export function matchesTrash(article: TrashedArticle, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [article.title, article.excerpt, article.cryptoSymbol ?? ""].some((field) => field.toLowerCase().includes(q));
}

function preview(excerpt: string): string {
  const chars = [...excerpt];
  return chars.length > EXCERPT_PREVIEW ? `${chars.slice(0, EXCERPT_PREVIEW).join("")}…` : excerpt;
}

/** /admin/trash: deleted articles, restorable until deleted forever. */
export function TrashPage() {
  const client = useQueryClient();
  const { data, isLoading, isError, refetch } = useQuery(trashQuery());
  const [query, setQuery] = useState("");
  const shown = useMemo(() => (data ?? []).filter((a) => matchesTrash(a, query)), [data, query]);

  const refresh = () =>
    Promise.all([client.invalidateQueries({ queryKey: trashKeys.all }), client.invalidateQueries({ queryKey: ["admin", "articles"] })]);
  const restore = useMutation({
    mutationFn: (a: TrashedArticle) => restoreFromTrash(a.id),
    onSuccess: () => {
      toast({ title: "Article restored successfully!" });
      return refresh();
    },
    onError: (error) => toast({ title: "Error", description: serverMessage(error, "Failed to restore article"), variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: (a: TrashedArticle) => deleteForever(a.id),
    onSuccess: () => {
      toast({ title: "Article permanently deleted" });
      return client.invalidateQueries({ queryKey: trashKeys.all });
    },
    onError: (error) =>
      toast({ title: "Error", description: serverMessage(error, "Failed to delete article permanently"), variant: "destructive" }),
  });
  const busy = (a: TrashedArticle) =>
    (restore.isPending && restore.variables?.id === a.id) || (remove.isPending && remove.variables?.id === a.id);
  const count = data?.length ?? 0;

  return (
    <div className="container page">
      <Link className="btn btn-ghost btn-sm" to={ARTICLES_TAB_HREF}>
        ← Back to Admin
      </Link>
      <div className={styles.head}>
        <h1 className="page-title">Trash Manager</h1>
        {data ? (
          <span className="badge" data-testid="trash-count">
            {count} items in trash
          </span>
        ) : null}
      </div>
      <Notice>Permanently deleted articles cannot be recovered. Restored articles keep their original creation date and URL slug.</Notice>
      <Card aria-label="Deleted articles" className={styles.card}>
        <label className="visually-hidden" htmlFor="trash-search">
          Search deleted articles
        </label>
        <input
          id="trash-search"
          className={`input ${styles.search}`}
          type="search"
          placeholder="Search deleted articles..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {isLoading ? (
          <LoadingRows label="Loading the trash" height={48} />
        ) : isError || !data ? (
          <LoadFailed what="the trash" onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Notice>Trash is empty</Notice>
        ) : shown.length === 0 ? (
          <Notice>No matching articles found</Notice>
        ) : (
          <DataTable columns={["Title", "Category", "Crypto", "Deleted", "Deleted By", "Actions"]}>
            {shown.map((a) => (
              <tr key={a.id}>
                <td className={styles.titleCell}>
                  <strong>{a.title}</strong>
                  {a.excerpt ? <span className={styles.excerpt}>{preview(a.excerpt)}</span> : null}
                </td>
                <td>{a.categoryName ?? "Unknown"}</td>
                <td className="num">{a.cryptoSymbol ?? "-"}</td>
                <td className={styles.nowrap}>
                  <time dateTime={a.deletedAt}>{utcDateTime(a.deletedAt)}</time>
                </td>
                <td>{a.deletedBy ?? "—"}</td>
                <td>
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={busy(a)}
                      onClick={() => window.confirm(restoreConfirm(a.title)) && restore.mutate(a)}
                    >
                      Restore
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={busy(a)}
                      onClick={() => window.confirm(deleteConfirm(a.title)) && remove.mutate(a)}
                    >
                      Delete Forever
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </div>
  );
}
