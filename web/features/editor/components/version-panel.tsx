import { useQuery } from "@tanstack/react-query";
import type { ArticleVersion } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { utcDateTime } from "#web/lib/format.ts";
import { versionsQuery } from "../api/editor.ts";
import styles from "./editor.module.css";

/** The Version History side panel: versions are fetched only while it is open (it is only mounted then). */
export function VersionPanel({
  articleId,
  onRestore,
  restoring,
  onClose,
}: {
  articleId: number;
  onRestore: (version: ArticleVersion) => void;
  restoring: boolean;
  onClose: () => void;
}) {
  const { data, isLoading, isError, refetch } = useQuery(versionsQuery(articleId, true));
  return (
    <aside className={`card ${styles.versions}`} aria-label="Version History">
      <div className="card-body">
        <div className={styles.versionsHead}>
          <h2 className="card-title">Version History</h2>
          <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close version history">
            ×
          </Button>
        </div>
        {isLoading ? (
          <LoadingRows label="Loading versions" height={48} />
        ) : isError || !data ? (
          <LoadFailed what="versions" onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Notice>No versions yet. Each save keeps the previous state here.</Notice>
        ) : (
          <ul className={styles.versionList}>
            {data.map((v) => (
              <li key={v.id}>
                <button type="button" className={styles.version} disabled={restoring} onClick={() => onRestore(v)}>
                  <span className={styles.versionTop}>
                    <strong>Version {v.versionNumber}</strong>
                    <time dateTime={v.createdAt}>{utcDateTime(v.createdAt)}</time>
                  </span>
                  <span className={styles.versionTitle}>{v.title}</span>
                  {v.authorNotes ? <span className={styles.versionNotes}>{v.authorNotes}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.note}>Click a version to restore it.</p>
      </div>
    </aside>
  );
}
