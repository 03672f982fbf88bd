import { useParams } from "react-router";
import { CoinDetail } from "#web/features/coin/components/coin-detail.tsx";

export default function CoinPage() {
  const { symbol = "" } = useParams();
  return <CoinDetail key={symbol} symbol={symbol} />;
}
