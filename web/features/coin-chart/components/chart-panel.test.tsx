import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { History, Mapping } from "#schema/contracts/charts.ts";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ChartPanel } from "./chart-panel.tsx";

// The canvas chart is its own chunk; here a stand-in shows what it was given.
vi.mock("./price-chart.tsx", () => ({
  default: ({ range, points }: { range: string; points: unknown[] }) => (
    <div data-testid="price-chart" data-range={range} data-points={points.length} />
  ),
}));

const history: History = { symbol: "BTC", id: "bitcoin", range: "1y", step: 86_400, points: [[1_700_000_000, 1]] };

function setup(user: ReturnType<typeof makeUser> | null, mapping: Mapping) {
  server.use(
    ...authMocks(user),
    mock(apiContract.getChartMapping, ({ params }) => (params.symbol === "BTC" ? mapping : { tradingviewSymbol: null, isHidden: false })),
    mock(apiContract.getPriceHistory, history),
  );
  return renderAt(<ChartPanel coin={makeCrypto()} />);
}

afterEach(() => localStorage.clear());

describe("ChartPanel", () => {
  it("draws our chart on a year of history for an unmapped coin", async () => {
    setup(null, { tradingviewSymbol: null, isHidden: false });
    expect(await screen.findByTestId("price-chart")).toHaveAttribute("data-range", "1y");
    expect(screen.getByRole("button", { name: "1Y" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("button", { name: "Hide chart" })).toBeNull();
  });

  it("shows nothing of a hidden chart to a member", async () => {
    const { container } = setup(makeUser(), { tradingviewSymbol: "BINANCE:BTCUSDT", isHidden: true });
    // Once the member and the mapping are known the loading sketch goes, and nothing takes its place.
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain("/api/tradingview-mappings/BTC"));
    await vi.waitFor(() => expect(container.querySelector(".skeleton")).toBeNull());
    expect(screen.queryByRole("region", { name: "Bitcoin price chart" })).toBeNull();
    expect(screen.queryByTestId("price-chart")).toBeNull();
    expect(screen.queryByTestId("tradingview-widget")).toBeNull();
  });

  it("shows a hidden chart to an admin with the notice and the show control", async () => {
    setup(makeUser({ role: "admin" }), { tradingviewSymbol: "BINANCE:BTCUSDT", isHidden: true });
    expect(await screen.findByText("This chart is hidden from readers; only admins see it.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show chart" })).toBeInTheDocument();
    expect(screen.getByTestId("tradingview-widget")).toHaveAttribute("data-symbol", "BINANCE:BTCUSDT");
  });

  it("opens the TradingView widget for a mapped coin, not for FAILED", async () => {
    const { unmount } = setup(null, { tradingviewSymbol: "COINBASE:BTCUSD", isHidden: false });
    expect(await screen.findByTestId("tradingview-widget")).toHaveAttribute("data-symbol", "COINBASE:BTCUSD");
    expect(screen.getByRole("button", { name: "TradingView" })).toHaveAttribute("aria-pressed", "true");
    unmount();
    setup(null, { tradingviewSymbol: "FAILED", isHidden: false });
    expect(await screen.findByTestId("price-chart")).toBeInTheDocument();
    expect(screen.queryByTestId("tradingview-widget")).toBeNull();
  });
});
