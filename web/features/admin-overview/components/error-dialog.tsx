import { useId, useRef } from "react";
import { type TaskStatus, taskLabels } from "#schema/contracts/newsroom.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ModalDialog } from "#web/components/ui/modal-dialog.tsx";
import { utcDateTime } from "#web/lib/format.ts";
import { categorySentence, suggestedAction } from "../api/model.ts";
import { todayUtc } from "../api/newsroom.ts";
import styles from "./overview.module.css";
import { useRetry } from "./use-admin-actions.ts";

/**
 * The generation error dialog (assistant-plans-admin.md §2): category, message, timestamp, retry count, stack trace and the
 * suggested action. Retry Now retries trending_top_100 for today, as the spec has it; each failed
 * task's own card retries that task.
 */
export function ErrorDialog({ task, onClose }: { task: TaskStatus; onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const retry = useRetry();
  const error = task.error;

  if (!error) return null;
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={closeRef} className={styles.dialog}>
      <h2 id={titleId}>{taskLabels[task.task]} error</h2>
      <dl className={styles.facts}>
        <dt>Category</dt>
        <dd>{categorySentence(error.category)}</dd>
        <dt>Message</dt>
        <dd>{error.message}</dd>
        <dt>Timestamp</dt>
        <dd>{utcDateTime(error.timestamp)}</dd>
        <dt>Retry count</dt>
        <dd>{error.retryCount}</dd>
        <dt>Suggested action</dt>
        <dd>{suggestedAction(error)}</dd>
      </dl>
      <h3 className={styles.listTitle}>Stack trace</h3>
      <pre className={styles.stack}>{error.stackTrace || "No stack trace recorded."}</pre>
      <div className="modal-actions">
        <button ref={closeRef} type="button" className={buttonClass("outline")} onClick={onClose}>
          Close
        </button>
        <Button
          disabled={retry.isPending}
          onClick={() => retry.mutate({ generationType: "trending_top_100", date: todayUtc() }, { onSuccess: onClose })}
        >
          {retry.isPending ? "Retrying…" : "Retry Now"}
        </Button>
      </div>
    </ModalDialog>
  );
}
