import { LegalDocumentView } from "#web/features/legal/components/legal-document.tsx";
import type { LegalDocumentId } from "#web/features/legal/documents.ts";

/** /privacy, /terms and /cookies. */
export default function LegalPage({ doc }: { doc: LegalDocumentId }) {
  return (
    <div className="container page">
      <LegalDocumentView id={doc} />
    </div>
  );
}
