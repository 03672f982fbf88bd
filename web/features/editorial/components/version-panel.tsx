import { useQuery } from "@tanstack/react-query";
import type { ArticleVersion } from "#schema/contracts/editorial.ts";
import { Button } from "#web/components/ui/button.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { utcDateTime } from "#web/lib/format.ts";
import { versionsQuery } from "../api/editor.ts";
import styles from "./editor.module.css";

/** A stored version (the current text has no id and cannot be restored). */
export type StoredVersion = ArticleVersion & { id: number };

function Top({ v }: { v: ArticleVersion }) {
  return (
    <>
      <span className={styles.versionTop}>
        <strong>
          Version {v.versionNumber}
          {v.current ? " · Current" : ""}
        </strong>
        <time dateTime={v.createdAt}>{utcDateTime(v.createdAt)}</time>
      </span>
      <span className={styles.versionTitle}>{v.title}</span>
      {v.authorNotes ? <span className={styles.versionNotes}>{v.authorNotes}</span> : null}
    </>
  );
}

/**
 * The Version History side panel: the current text first, then each saved version with its own
 * note and time. Choosing one opens its restore preview; nothing is restored from here directly.
 * Versions are fetched only while the panel is open (it is only mounted then).
 */
export function VersionPanel({
  articleId,
  onPick,
  restoring,
  onClose,
}: {
  articleId: number;
  onPick: (version: StoredVersion) => void;
  restoring: boolean;
  onClose: () => void;
}) {
  const { data, isLoading, isError, refetch } = useQuery(versionsQuery(articleId, true));
  const stored = (data ?? []).filter((v): v is StoredVersion => !v.current && v.id !== null);
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
        ) : (
          <ul className={styles.versionList}>
            {data
              .filter((v) => v.current)
              .map((v) => (
                <li key="current" className={styles.current} aria-current="true">
                  <Top v={v} />
                </li>
              ))}
            {stored.map((v) => (
              <li key={v.id}>
                <button type="button" className={styles.version} disabled={restoring} onClick={() => onPick(v)}>
                  <Top v={v} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.note}>
          {data && !stored.length
            ? "No earlier versions yet. Each save keeps the text it replaces here."
            : "Choose a version to preview it and see what restoring would change."}
        </p>
      </div>
    </aside>
  );
}
