import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ArticleReading } from "#web/features/articles/components/article-view.tsx";
import { previewQuery } from "#web/features/editorial/api/preview.ts";
import { HttpError } from "#web/lib/api.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import { AdminGate } from "../layout/admin-gate.tsx";

export const PREVIEW_DENIED_TEXT = "This preview is for the site's editors.";

function Preview({ token }: { token: string }) {
  const { data, isLoading, error, refetch } = useQuery(previewQuery(token));
  useDocumentTitle(data ? `Preview: ${data.title}` : null);
  if (isLoading)
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Loading the preview">
        <Skeleton height={40} />
        <Skeleton height={320} style={{ marginTop: 16 }} />
      </div>
    );
  if (error instanceof HttpError && (error.status === 404 || error.status === 400))
    return (
      <div className="container page">
        <Notice tone="error">This preview has expired or does not exist. Preview again from the editor.</Notice>
      </div>
    );
  if (!data)
    return (
      <div className="container page">
        <Notice tone="error">
          Failed to load the preview.{" "}
          <button type="button" className="btn btn-sm btn-outline" onClick={() => void refetch()}>
            Try again
          </button>
        </Notice>
      </div>
    );
  return (
    <>
      <div className="container" role="note" aria-label="Preview">
        <Notice>Preview of unsaved changes: readers do not see this version until it is saved and published.</Notice>
      </div>
      <ArticleReading article={data} related={false} />
    </>
  );
}

/** /preview/{token}: the desk's "Preview on site", admins only; anyone else is shown nothing of it. */
export default function PreviewPage({ go }: { go?: (href: string) => void }) {
  const { token = "" } = useParams();
  // The preview names its article once it has loaded.
  useDocumentTitle("Preview");
  return (
    <AdminGate {...(go ? { go } : {})} deniedText={PREVIEW_DENIED_TEXT}>
      {() => <Preview token={token} />}
    </AdminGate>
  );
}
