import { useParams } from "react-router";
import { AskCard } from "#web/features/ask/components/ask-card.tsx";
import { CoinDetail } from "#web/features/coin/components/coin-detail.tsx";
import { WatchlistButton } from "#web/features/watchlist/components/watchlist-button.tsx";

const slots = {
  watchlistButton: (coin: { symbol: string; name: string }) => <WatchlistButton coin={coin} />,
  ask: (coin: { symbol: string; name: string; price24h: string }) => <AskCard coin={coin} />,
};

export default function CoinPage() {
  const { symbol = "" } = useParams();
  return <CoinDetail key={symbol} symbol={symbol} slots={slots} />;
}
