import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { makeArticleSummary, makeCrypto } from "#web/test/fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { CoinAbout } from "./coin-about.tsx";

const social = (categories: string[]) => ({
  social: {
    date: "2026-11-28",
    source: "offline",
    sentiment: 60,
    galaxyScore: 50,
    galaxyScorePrevious: null,
    altRank: 10,
    altRankPrevious: null,
    socialVolume24h: null,
    interactions24h: null,
    socialDominance: null,
    categories,
  },
});

const guide = makeArticleSummary({
  slug: "what-is-bitcoin",
  title: "What Is Bitcoin? A Plain-English Introduction",
  excerpt: "A jargon-free introduction to Bitcoin.",
  categoryId: 20,
  cryptoSymbol: "BTC",
  readTime: 6,
});

describe("the coin page's About card", () => {
  it("leads with the Crypto 101 guide about the coin", async () => {
    server.use(mock(apiContract.listGuides, [guide]), mock(apiContract.getCoinSocial, social(["layer-1"])));
    renderAt(<CoinAbout coin={makeCrypto()} />);
    expect(await screen.findByText("A jargon-free introduction to Bitcoin.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Read the guide: What Is Bitcoin? A Plain-English Introduction" })).toHaveAttribute(
      "href",
      "/crypto-101/what-is-bitcoin",
    );
  });

  it("without a guide says only what the data holds: the rank, and the model's categories named as the model's", async () => {
    server.use(mock(apiContract.listGuides, [guide]), mock(apiContract.getCoinSocial, social(["layer-1", "smart-contracts"])));
    renderAt(<CoinAbout coin={makeCrypto({ id: "solana", name: "Solana", symbol: "SOL", rank: 7 })} />);
    expect(await screen.findByText(/files it under/)).toHaveTextContent(
      "Solana (SOL) is #7 by market capitalisation among the coins Coinsight tracks. Coinsight's offline sentiment model files it under layer 1 and smart contracts.",
    );
    expect(screen.getByText(/no guide to Solana yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crypto 101" })).toHaveAttribute("href", "/crypto-101");
  });

  it("leaves out the model's catch-all category, which says nothing", async () => {
    server.use(mock(apiContract.listGuides, []), mock(apiContract.getCoinSocial, social(["cryptocurrencies"])));
    const { client } = renderAt(<CoinAbout coin={makeCrypto({ name: "DeXe", symbol: "DEXE", rank: 100 })} />);
    // Once the social figures are in, not before.
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/cryptos/DEXE/social"));
    await vi.waitFor(() => expect(client.getQueryData(["cryptos", "social", "DEXE"])).toBeDefined());
    expect(await screen.findByTestId("coin-about-facts")).toHaveTextContent(
      /^DeXe \(DEXE\) is #100 by market capitalisation among the coins Coinsight tracks\.$/,
    );
  });
});
