import { useId, useRef } from "react";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ModalDialog } from "#web/components/ui/modal-dialog.tsx";
import styles from "./editor.module.css";

export const HELD_CONFIRM_TITLE = "Publish over held sentences?";
export const HELD_CONFIRM_TEXT =
  "The claim check holds these sentences. Publishing anyway records your name, the time and these reasons with the article.";

/**
 * Publishing over held sentences asks first, listing every reason it overrides, with Cancel focused:
 * the override is a decision someone makes and answers for, not a click through.
 */
export function HeldConfirm({
  reasons,
  busy,
  onConfirm,
  onClose,
}: {
  reasons: readonly string[];
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={cancelRef}>
      <h2 id={titleId}>{HELD_CONFIRM_TITLE}</h2>
      <p>{HELD_CONFIRM_TEXT}</p>
      <ul className={styles.heldList} aria-label="Held reasons">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <div className={styles.dialogActions}>
        <button ref={cancelRef} type="button" className={buttonClass("outline")} onClick={onClose}>
          Cancel
        </button>
        <Button disabled={busy} onClick={onConfirm}>
          {busy ? "Publishing…" : "Publish anyway"}
        </Button>
      </div>
    </ModalDialog>
  );
}
