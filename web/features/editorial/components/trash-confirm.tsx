import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { TRASH_CONFIRM } from "./editor-form.ts";

/** Move to Trash asks first (assistant-plans-admin.md §5's prompt): a slip of the hand changes nothing. */
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
  return (
    <ConfirmDialog
      title={`Move “${title}” to the trash?`}
      confirm="Move to Trash"
      busyLabel="Moving…"
      busy={busy}
      variant="danger"
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>{TRASH_CONFIRM}</p>
      <p className="muted">It leaves the site at once. The Trash Manager restores it with its original address and date.</p>
    </ConfirmDialog>
  );
}
