import { AlertsPanel } from "#web/features/alerts/components/alerts-panel.tsx";
import { CryptoTable } from "#web/features/markets/components/crypto-table.tsx";
import { MarketsView } from "#web/features/markets/components/markets-view.tsx";
import { WatchlistPanel } from "#web/features/watchlist/components/watchlist-panel.tsx";
import { useWatchlistStars } from "#web/features/watchlist/components/watchlist-star.tsx";
import { useAuth } from "#web/lib/auth.ts";
import { useDocumentTitle } from "#web/lib/document-title.ts";

export default function MarketsPage() {
  const { isAuthenticated } = useAuth();
  const star = useWatchlistStars();
  useDocumentTitle("Crypto Top 500");
  return (
    <div className="container page">
      <h1 className="page-title">Crypto Top 500</h1>
      <MarketsView
        star={star}
        watchlistPanel={
          isAuthenticated ? (
            <>
              <WatchlistPanel renderTable={(props) => <CryptoTable {...props} star={star} caption="My watchlist" />} />
              <AlertsPanel />
            </>
          ) : undefined
        }
      />
    </div>
  );
}
