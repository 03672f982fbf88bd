import { useParams } from "react-router";
import { ArticleEditor } from "#web/features/editorial/components/article-editor.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { AdminGate } from "../layout/admin-gate.tsx";

export const EDITOR_DENIED_TOAST = "Admin access required. Redirecting...";
export const EDITOR_DENIED_TEXT = "Unauthorized access. Admin privileges required.";

/** /admin/articles/:id/edit: admins only; anyone else goes to /admin after 2 s. */
export default function AdminArticleEditPage({ go }: { go?: (href: string) => void }) {
  const { id } = useParams();
  // The editor names the article once it has loaded.
  useDocumentTitle("Article Editor");
  return (
    <AdminGate redirectTo="/admin" {...(go ? { go } : {})} deniedToast={EDITOR_DENIED_TOAST} deniedText={EDITOR_DENIED_TEXT}>
      {() => <ArticleEditor id={Number(id)} />}
    </AdminGate>
  );
}
