import { type ReactNode, useId, useRef } from "react";
import { Button, type ButtonVariant, buttonClass } from "./button.tsx";
import { ModalDialog } from "./modal-dialog.tsx";

/**
 * A question before an action that is hard to take back (trash, an override, a role change), with
 * Cancel focused: a slip of the hand or an Enter key changes nothing.
 */
export function ConfirmDialog({
  title,
  confirm,
  busyLabel,
  busy = false,
  variant = "primary",
  className,
  onConfirm,
  onClose,
  children,
}: {
  title: ReactNode;
  /** The confirming button's label, and what it reads while the action runs. */
  confirm: string;
  busyLabel?: string;
  busy?: boolean;
  variant?: ButtonVariant;
  className?: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} initialFocus={cancelRef} className={className}>
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="modal-actions">
        <button ref={cancelRef} type="button" className={buttonClass("outline")} onClick={onClose}>
          Cancel
        </button>
        <Button variant={variant} disabled={busy} onClick={onConfirm}>
          {busy && busyLabel ? busyLabel : confirm}
        </Button>
      </div>
    </ModalDialog>
  );
}
