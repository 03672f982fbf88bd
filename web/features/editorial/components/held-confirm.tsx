import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import styles from "./editor.module.css";

export const HELD_CONFIRM_TITLE = "Publish over held sentences?";
export const HELD_CONFIRM_TEXT =
  "The claim check holds these sentences. Publishing anyway records your name, the time and these reasons with the article.";

/**
 * Publishing over held sentences asks first, listing every reason it overrides: the override is a
 * decision someone makes and answers for, not a click through.
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
  return (
    <ConfirmDialog
      title={HELD_CONFIRM_TITLE}
      confirm="Publish anyway"
      busyLabel="Publishing…"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{HELD_CONFIRM_TEXT}</p>
      <ul className={styles.heldList} aria-label="Held reasons">
        {reasons.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
