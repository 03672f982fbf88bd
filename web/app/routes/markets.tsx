import { MarketsView } from "#web/features/markets/components/markets-view.tsx";

export default function MarketsPage() {
  return (
    <div className="container page">
      <h1 className="page-title">Crypto Top 500</h1>
      <MarketsView />
    </div>
  );
}
