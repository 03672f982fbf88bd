import { useQuery } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import { useId, useMemo, useRef } from "react";
import type { ArticleVersion } from "#schema/contracts/editorial.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ModalDialog } from "#web/components/ui/modal-dialog.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { utcDateTime } from "#web/lib/format.ts";
import { versionQuery } from "../api/editor.ts";
import { blocksOf, type DiffLine, diffLines, fieldDiff } from "../lib/diff.ts";
import styles from "./editor.module.css";
import type { EditorForm } from "./editor-form.ts";
import { RESTORE_CONFIRM } from "./editor-form.ts";

const MARK: Record<DiffLine["kind"], string> = { same: " ", removed: "−", added: "+" };
const SPOKEN: Record<DiffLine["kind"], string> = { same: "Unchanged", removed: "Removed", added: "Brought back" };

function Diff({ label, lines }: { label: string; lines: DiffLine[] }) {
  if (!lines.length) return null;
  return (
    <section aria-label={`${label} changes`}>
      <h4 className={styles.diffLabel}>{label}</h4>
      <ol className={styles.diff}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines are positional; two may read the same
          <li key={i} className={styles[line.kind]} data-kind={line.kind}>
            <span className={styles.diffMark} role="img" aria-label={SPOKEN[line.kind]}>
              {MARK[line.kind]}
            </span>
            <span>{line.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Restoring starts here: the version's note and time, what restoring would change
 * against the text in the form (lines taken out, lines brought back), and the version as readers
 * would see it; only then the restore itself.
 */
export function RestorePreview({
  articleId,
  version,
  current,
  restoring,
  onRestore,
  onClose,
}: {
  articleId: number;
  version: ArticleVersion & { id: number };
  current: Pick<EditorForm, "title" | "excerpt" | "content">;
  restoring: boolean;
  onRestore: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { data, isLoading, isError, refetch } = useQuery(versionQuery(articleId, version.id));
  const diff = useMemo(() => {
    if (!data) return null;
    const content = diffLines(blocksOf(current.content), blocksOf(data.content));
    return {
      title: fieldDiff(current.title, data.title),
      excerpt: fieldDiff(current.excerpt, data.excerpt),
      // Only the changed lines and one line of context either side.
      content: content.filter((l, i) => l.kind !== "same" || content[i - 1]?.kind !== "same" || content[i + 1]?.kind !== "same"),
      changed: content.some((l) => l.kind !== "same"),
    };
  }, [data, current]);
  const preview = useMemo(
    () => (data ? DOMPurify.sanitize(data.content, { USE_PROFILES: { html: true }, FORBID_ATTR: ["style"] }) : ""),
    [data],
  );
  const same = diff && !diff.changed && !diff.title.length && !diff.excerpt.length;

  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={cancelRef} className={styles.restoreDialog}>
      <h2 id={titleId}>Restore version {version.versionNumber}?</h2>
      <p className="muted">
        Saved <time dateTime={version.createdAt}>{utcDateTime(version.createdAt)}</time> · {version.authorNotes}
      </p>
      <p>{RESTORE_CONFIRM}</p>
      {isLoading ? (
        <LoadingRows label="Loading the version" height={60} />
      ) : isError || !data || !diff ? (
        <LoadFailed what="this version" onRetry={() => void refetch()} />
      ) : (
        <>
          <h3 className={styles.diffHead}>Changes against the current text</h3>
          {same ? (
            <p className="muted">This version reads the same as the current text.</p>
          ) : (
            <div className={styles.diffs} data-testid="restore-diff">
              <p className={styles.diffLegend}>
                <span className={styles.removed}>− taken out of the current text</span>{" "}
                <span className={styles.added}>+ brought back from version {version.versionNumber}</span>
              </p>
              <Diff label="Title" lines={diff.title} />
              <Diff label="Excerpt" lines={diff.excerpt} />
              <Diff label="Content" lines={diff.content} />
            </div>
          )}
          <h3 className={styles.diffHead}>Version {version.versionNumber} as readers would see it</h3>
          <article className={styles.restorePreview} data-testid="restore-preview">
            <h1>{data.title}</h1>
            {data.excerpt ? <p className="muted">{data.excerpt}</p> : null}
            {/* Sanitised by DOMPurify above (and stored sanitised by the server). */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify */}
            <div className={styles.preview} dangerouslySetInnerHTML={{ __html: preview }} />
          </article>
        </>
      )}
      <div className="modal-actions">
        <button ref={cancelRef} type="button" className={buttonClass("outline")} onClick={onClose}>
          Cancel
        </button>
        <Button disabled={!data || restoring} onClick={onRestore}>
          {restoring ? "Restoring…" : `Restore version ${version.versionNumber}`}
        </Button>
      </div>
    </ModalDialog>
  );
}
