import { AskPage as AskView } from "#web/features/ask/components/ask-page.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";

/** /ask: Ask Coinsight in the reader's own words (issue 43; docs/decisions/ask/free-text-page.md). */
export default function AskPage() {
  useDocumentTitle("Ask Coinsight");
  return (
    <div className="container page">
      <h1 className="page-title">Ask Coinsight</h1>
      <AskView />
    </div>
  );
}
