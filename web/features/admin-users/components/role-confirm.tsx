import { useId, useRef } from "react";
import type { Role } from "#schema/contracts/auth.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { ModalDialog } from "#web/components/ui/modal-dialog.tsx";
import styles from "./users.module.css";

export type RoleChange = { userId: string; email: string; from: Role; to: Role };

/**
 * Every role change ends all of the member's sessions (docs/decisions/editorial/every-role-change-signs-the-member-out.md),
 * so the select only proposes it and this asks first, Cancel focused: a slip on the select changes nothing.
 */
export function RoleConfirm({ change, onConfirm, onClose }: { change: RoleChange; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={cancelRef} className={styles.dialog}>
      <h2 id={titleId}>
        Change {change.email} from {change.from} to {change.to}?
      </h2>
      <p>
        This signs {change.email} out everywhere, on every device, at once. They sign in again to use the site as {change.to}.
      </p>
      <div className={styles.dialogActions}>
        <button ref={cancelRef} type="button" className={buttonClass("outline")} onClick={onClose}>
          Cancel
        </button>
        <Button variant="danger" onClick={onConfirm}>
          Change role and sign out
        </Button>
      </div>
    </ModalDialog>
  );
}
