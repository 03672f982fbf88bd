import type { Role } from "#schema/contracts/auth.ts";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import styles from "./users.module.css";

export type RoleChange = { userId: string; email: string; from: Role; to: Role };

/**
 * Every role change ends all of the member's sessions (docs/decisions/editorial/every-role-change-signs-the-member-out.md),
 * so the select only proposes it and this asks first: a slip on the select changes nothing.
 */
export function RoleConfirm({ change, onConfirm, onClose }: { change: RoleChange; onConfirm: () => void; onClose: () => void }) {
  return (
    <ConfirmDialog
      title={`Change ${change.email} from ${change.from} to ${change.to}?`}
      confirm="Change role and sign out"
      variant="danger"
      className={styles.dialog}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        This signs {change.email} out everywhere, on every device, at once. They sign in again to use the site as {change.to}.
      </p>
    </ConfirmDialog>
  );
}
