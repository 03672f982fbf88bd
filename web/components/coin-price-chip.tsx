import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { request } from "#web/lib/api-client.ts";
import { isGain } from "#web/lib/format.ts";
import { PRICE_REFRESH_MS } from "#web/lib/query-client.ts";
import "./ui/ui.css";

/** A link to a coin's page with its live price and 24h change (refreshed with the price lists). */
export function CoinPriceChip({ symbol, name }: { symbol: string; name?: string | null }) {
  const { data } = useQuery({
    queryKey: ["cryptos", "chip", symbol.toUpperCase()] as const,
    queryFn: () => request("getCrypto", { params: { symbol: symbol.toUpperCase() } }),
    refetchInterval: PRICE_REFRESH_MS,
  });
  return (
    <Link
      to={`/coin/${encodeURIComponent(symbol.toLowerCase())}`}
      className="badge badge-brand"
      data-testid="coin-chip"
      style={{ width: "fit-content", marginBottom: 12 }}
    >
      {name ?? data?.name ?? symbol.toUpperCase()} <span className="num">{data?.price ?? ""}</span>
      {data && data.change24h != null ? <span className={`num ${isGain(data.price24h) ? "gain" : "loss"}`}>{data.price24h}</span> : null}
    </Link>
  );
}
