import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { topCryptosQuery } from "../api/cryptos.ts";
import { CryptoTable } from "./crypto-table.tsx";

/** Home's "Crypto Top 10" with its link to the full list. */
export function TopTen() {
  const { data, isLoading, isError } = useQuery(topCryptosQuery(10));
  return (
    <section aria-labelledby="top-ten-title">
      <div className="section-head">
        <h2 id="top-ten-title">Crypto Top 10</h2>
        <Link to="/markets">View Top 500</Link>
      </div>
      <CryptoTable coins={data} isLoading={isLoading} isError={isError} caption="Top 10 cryptocurrencies by market cap" />
    </section>
  );
}
