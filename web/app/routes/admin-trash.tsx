import { TrashPage } from "#web/features/editorial/components/trash-page.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { AdminGate } from "../layout/admin-gate.tsx";

export const TRASH_DENIED_TOAST = "Unauthorized: Admin access required. Redirecting...";

/** /admin/trash: admins only; anyone else sees the unauthorized card and goes to /admin after 2 s. */
export default function AdminTrashPage({ go }: { go?: (href: string) => void }) {
  useDocumentTitle("Trash Manager");
  return (
    <AdminGate redirectTo="/admin" {...(go ? { go } : {})} deniedToast={TRASH_DENIED_TOAST}>
      {() => <TrashPage />}
    </AdminGate>
  );
}
