import { UnsubscribeView } from "#web/features/newsletter/components/unsubscribe-view.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";

export default function UnsubscribePage() {
  useDocumentTitle("Unsubscribe");
  return (
    <div className="container page">
      <UnsubscribeView />
    </div>
  );
}
