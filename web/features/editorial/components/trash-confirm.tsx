import { useId, useRef } from "react";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ModalDialog } from "#web/components/ui/modal-dialog.tsx";
import styles from "./editor.module.css";
import { TRASH_CONFIRM } from "./editor-form.ts";

/** Move to Trash asks first (assistant-plans-admin.md §5's prompt), with Cancel focused: a slip of the hand changes nothing. */
export function TrashConfirm({
  title,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={cancelRef}>
      <h2 id={titleId}>Move “{title}” to the trash?</h2>
      <p>{TRASH_CONFIRM}</p>
      <p className="muted">It leaves the site at once. The Trash Manager restores it with its original address and date.</p>
      <div className={styles.dialogActions}>
        <button ref={cancelRef} type="button" className={buttonClass("outline")} onClick={onClose}>
          Cancel
        </button>
        <Button variant="danger" disabled={busy} onClick={onConfirm}>
          {busy ? "Moving…" : "Move to Trash"}
        </Button>
      </div>
    </ModalDialog>
  );
}
