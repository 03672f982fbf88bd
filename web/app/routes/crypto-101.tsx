import { useEffect } from "react";
import { Crypto101View } from "#web/features/articles/components/crypto-101-view.tsx";

export default function Crypto101Page() {
  useEffect(() => {
    document.title = "Crypto 101: plain-English crypto guides | Coinsight";
  }, []);
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
