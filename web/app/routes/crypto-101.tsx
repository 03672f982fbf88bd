import { Crypto101View } from "#web/features/articles/components/crypto-101-view.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";

export default function Crypto101Page() {
  useDocumentTitle("Crypto 101: plain-English crypto guides");
  return (
    <div className="container page">
      <h1 className="page-title">Crypto 101</h1>
      <p className="muted" style={{ marginTop: -8, marginBottom: 24, maxWidth: 640 }}>
        Plain-English guides to how crypto works, how to keep it safe, and how to think about markets. Pick a topic or browse them all.
      </p>
      <Crypto101View />
    </div>
  );
}
