import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { CoinSocial } from "./coin-social.tsx";

const figures = {
  date: "2026-11-28",
  source: "offline",
  sentiment: 71.24,
  galaxyScore: 63.4,
  galaxyScorePrevious: 40.5,
  altRank: 14,
  altRankPrevious: 188,
  socialVolume24h: 5_200,
  interactions24h: 1_250_000,
  socialDominance: 0.8,
  categories: ["layer-1", "bitcoin-ecosystem"],
};

const row = (label: string) => screen.getByText(label).nextElementSibling;

describe("the coin page's social figures", () => {
  it("shows the snapshot's figures with the day before's, and says a modelled figure is modelled", async () => {
    server.use(mock(apiContract.getCoinSocial, { social: figures }));
    renderAt(<CoinSocial symbol="BTC" />);
    expect(await screen.findByText("Galaxy Score")).toBeInTheDocument();
    expect(row("Sentiment")).toHaveTextContent("71.2% positive");
    expect(row("Galaxy Score")).toHaveTextContent("63.4 (from 40.5)");
    expect(row("AltRank")).toHaveTextContent("#14 (from #188)");
    expect(row("Interactions (24h)")).toHaveTextContent("1.25M");
    expect(screen.getByTestId("social-categories")).toHaveTextContent("Categories: layer 1, bitcoin ecosystem");
    expect(screen.getByTestId("social-source")).toHaveTextContent(
      /^Modelled offline by Coinsight's sentiment model .* for 28 November 2026: not measured social data\.$/,
    );
  });

  it("names LunarCrush for live figures, and a dash for a figure the source does not give", async () => {
    server.use(
      mock(apiContract.getCoinSocial, { social: { ...figures, source: "lunarcrush", galaxyScorePrevious: null, sentiment: null } }),
    );
    renderAt(<CoinSocial symbol="BTC" />);
    expect(await screen.findByTestId("social-source")).toHaveTextContent("From LunarCrush, as the newsroom took it on 28 November 2026.");
    expect(row("Galaxy Score")).toHaveTextContent(/^63\.4$/);
    expect(row("Sentiment")).toHaveTextContent("\u2014");
  });

  it("says so when the snapshot has nothing about the coin, and when the figures cannot be loaded", async () => {
    server.use(mock(apiContract.getCoinSocial, { social: null }));
    const { unmount } = renderAt(<CoinSocial symbol="AR" />);
    expect(await screen.findByText("No social figures for AR yet: the newsroom's daily snapshot does not include it.")).toBeInTheDocument();
    unmount();
    server.use(failure(apiContract.getCoinSocial));
    renderAt(<CoinSocial symbol="AR" />);
    expect(await screen.findByText("The social figures could not be loaded.")).toBeInTheDocument();
  });
});
