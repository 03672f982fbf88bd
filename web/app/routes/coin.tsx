import { useParams } from "react-router";
import type { Crypto } from "#schema/contracts/crypto.ts";
import { CoinAlertsButton } from "#web/features/alerts/components/coin-alerts-button.tsx";
import { AskCard } from "#web/features/ask/components/ask-card.tsx";
import { CoinDetail } from "#web/features/coin/components/coin-detail.tsx";
import { ChartPanel } from "#web/features/coin-chart/components/chart-panel.tsx";
import { LongChanges } from "#web/features/coin-chart/components/long-changes.tsx";
import { CoinNews } from "#web/features/coin-news/components/coin-news.tsx";
import { WatchlistButton } from "#web/features/watchlist/components/watchlist-button.tsx";

const slots = {
  watchlistButton: (coin: Crypto) => (
    <>
      <WatchlistButton coin={coin} />
      <CoinAlertsButton coin={coin} />
    </>
  ),
  ask: (coin: { id: string; symbol: string; name: string; price24h: string }) => <AskCard coin={coin} />,
  chart: (coin: Crypto) => <ChartPanel coin={coin} />,
  news: (coin: Crypto) => <CoinNews symbol={coin.symbol} name={coin.name} />,
  longChanges: (coin: Crypto) => <LongChanges coin={coin} />,
};

export default function CoinPage() {
  const { symbol = "" } = useParams();
  return <CoinDetail key={symbol} symbol={symbol} slots={slots} />;
}
