import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { MarketStrip } from "./market-strip.tsx";

const market = (source: string, more: { volumeDayAgo?: number | null; marketCapChange24h?: number | null } = {}) => ({
  totalMarketCap: 2.62e12,
  marketCapChange24h: -1.24,
  volume24h: 1.6e11,
  volumeDayAgo: null,
  ...more,
  btcDominance: 58.2,
  sentiment: { average: 53.9, date: "2026-11-27", coins: 500, source },
  updatedAt: "2026-11-27T09:00:00.000Z",
});

describe("MarketStrip", () => {
  it("offline, says the market figures are replayed from their recording day and the sentiment is modelled", async () => {
    server.use(
      mock(apiContract.getGlobalMarket, market("offline")),
      mock(apiContract.getSiteStatus, {
        demo: true,
        demoDataFrom: "2026-04-30",
        recordedAt: "2026-04-30T12:21:00Z",
        replayedAt: "2026-11-27T09:00:00.000Z",
      }),
    );
    renderAt(<MarketStrip />);
    expect(await screen.findByTestId("strip-replayed")).toHaveTextContent("Market figures recorded 30 April 2026, replayed");
    expect(screen.getByText(/Social Sentiment/)).toHaveTextContent("Social Sentiment 53.9% positive (modelled)");
  });

  it("live, labels nothing", async () => {
    server.use(
      mock(apiContract.getGlobalMarket, market("lunarcrush")),
      mock(apiContract.getSiteStatus, { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null }),
    );
    const client = renderAt(<MarketStrip />).client;
    expect(await screen.findByText(/Social Sentiment/)).toHaveTextContent("Social Sentiment 53.9% positive");
    // Both answers are in before anything is judged absent.
    await waitFor(() => expect(client.getQueryData(["site-status"])).toBeDefined());
    expect(screen.queryByText("(modelled)")).toBeNull();
    expect(screen.queryByTestId("strip-replayed")).toBeNull();
  });

  it("gives the market cap's 24 h change, and the volume's once a day of volumes is recorded, else says why not", async () => {
    server.use(
      mock(apiContract.getGlobalMarket, market("lunarcrush")),
      mock(apiContract.getSiteStatus, { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null }),
    );
    const { unmount } = renderAt(<MarketStrip />);
    expect(await screen.findByTestId("strip-market-cap-change")).toHaveTextContent("-1.24%");
    expect(screen.getByTestId("strip-market-cap-change").querySelector(".loss")).not.toBeNull();
    // How the change was found: the tracked coins' own 24 h price changes, not a recorded day-old total.
    expect(screen.getByTestId("strip-market-cap-change")).toHaveAttribute(
      "title",
      expect.stringMatching(/each coin's 24-hour price change/),
    );
    expect(screen.getByTestId("strip-volume-change")).toHaveTextContent("\u2014");
    expect(screen.getByTestId("strip-volume-change")).toHaveAttribute("title", expect.stringMatching(/not recorded yet/));
    unmount();
    server.use(mock(apiContract.getGlobalMarket, market("lunarcrush", { volumeDayAgo: 1.28e11, marketCapChange24h: null })));
    renderAt(<MarketStrip />);
    expect(await screen.findByTestId("strip-volume-change")).toHaveTextContent("+25.00%");
    expect(screen.getByTestId("strip-volume-change")).toHaveAttribute("title", expect.stringMatching(/recorded a day earlier/));
    expect(screen.getByTestId("strip-market-cap-change")).toHaveTextContent("\u2014");
  });
});
