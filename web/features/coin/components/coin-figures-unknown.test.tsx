import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeCrypto } from "#web/test/fixtures.ts";
import { Extremes, MarketData, PriceChanges, QuickStats, Supply } from "./coin-figures.tsx";

/** A coin of ranks 251-500 offline: the source reports no volume, supply or 1-hour change. */
const partial = makeCrypto({
  id: "elrond-erd-2",
  name: "MultiversX",
  symbol: "EGLD",
  rank: 251,
  change1h: null,
  price1h: "0.00%",
  volume24h: null,
  circulatingSupply: null,
  totalSupply: null,
  maxSupply: null,
  fullyDilutedValuation: null,
  high24h: null,
  low24h: null,
  ath: null,
  athDate: null,
  atl: null,
  atlDate: null,
});

describe("figures the data source does not report", () => {
  it("show as unknown on the coin page, never as $0, 0.00% or Unlimited", () => {
    render(
      <>
        <PriceChanges coin={partial} />
        <MarketData coin={partial} />
        <Extremes coin={partial} />
        <Supply coin={partial} />
        <QuickStats coin={partial} />
      </>,
    );
    expect(document.body).not.toHaveTextContent(/\$0\b|0\.00%|Unlimited/);
    // 1h change, FDV, volume, 24h range, both extremes, three supplies, Volume/MCap.
    expect(screen.getAllByText("—").length).toBeGreaterThanOrEqual(10);
  });
});
