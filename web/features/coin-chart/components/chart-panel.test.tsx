import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { History, Mapping } from "#schema/contracts/charts.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { readSymbolCache, SYMBOL_CACHE_KEY } from "#web/lib/chart-mapping.ts";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { makeCrypto } from "#web/test/fixtures.ts";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ChartPanel } from "./chart-panel.tsx";

// The canvas chart is its own chunk; here a stand-in shows what it was given.
vi.mock("./price-chart.tsx", () => ({
  default: ({ range, points }: { range: string; points: unknown[] }) => (
    <div data-testid="price-chart" data-mode="live" data-range={range} data-points={points.length} />
  ),
}));

const history: History = {
  symbol: "BTC",
  id: "bitcoin",
  range: "1y",
  step: 86_400,
  points: [
    [1_700_000_000, 1],
    [1_700_086_400, 2],
  ],
  recorded: { complete: true, from: 1_700_000_000 },
};
const live = { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null };
// The coin the panel is drawn for: its price and time are the headline the chart ends at.
let coin = makeCrypto();

function setup(user: ReturnType<typeof makeUser> | null, mapping: Mapping, ...extra: Parameters<typeof server.use>) {
  server.use(
    ...extra,
    ...authMocks(user),
    mock(apiContract.getChartMapping, ({ params }) => (params.symbol === "BTC" ? mapping : { tradingviewSymbol: null, isHidden: false })),
    mock(apiContract.getPriceHistory, history),
    mock(apiContract.getSiteStatus, live),
  );
  return renderAt(
    <>
      <ChartPanel coin={coin} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  coin = makeCrypto();
  localStorage.clear();
  dismissToast();
});

describe("ChartPanel", () => {
  it("does not draw a range the recorded prices do not reach, and says how much is recorded", async () => {
    const dayAgo = Math.floor(Date.now() / 1000) - 25 * 3_600;
    setup(
      null,
      { tradingviewSymbol: null, isHidden: false },
      mock(apiContract.getPriceHistory, ({ query }): History => {
        const range = (query.range ?? "30d") as History["range"];
        const points: [number, number][] = [
          [dayAgo, 1],
          [dayAgo + 86_400, 2],
        ];
        return { ...history, range, points, recorded: { complete: range === "24h", from: dayAgo } };
      }),
    );
    const missing = await screen.findByTestId("chart-not-recorded");
    expect(missing).toHaveTextContent(
      "1Y not recorded. Bitcoin's recorded prices cover only the last 1 day of it; the rest is missing, so no chart is drawn.",
    );
    expect(screen.queryByTestId("price-chart")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "24H" }));
    expect(await screen.findByTestId("price-chart")).toHaveAttribute("data-range", "24h");
    expect(screen.queryByTestId("chart-not-recorded")).toBeNull();
  });

  it("draws our chart on a year of history for an unmapped coin", async () => {
    setup(null, { tradingviewSymbol: null, isHidden: false });
    expect(await screen.findByTestId("price-chart")).toHaveAttribute("data-range", "1y");
    expect(screen.getByRole("button", { name: "1Y" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("button", { name: "Hide chart" })).toBeNull();
  });

  it("shows the sketch first, and the interactive chart once the reader points at it", async () => {
    setup(null, { tradingviewSymbol: null, isHidden: false });
    const sketch = await screen.findByRole("img", { name: "Bitcoin price in USD, 1Y" });
    expect(sketch).toHaveAttribute("data-mode", "sketch");
    // The two recorded days, then the headline price the page states, which the line ends at.
    expect(sketch).toHaveAttribute("data-points", "3");
    expect(screen.getByTestId("chart-legend")).toHaveTextContent("$64,039.00");
    fireEvent.pointerEnter(sketch.parentElement as HTMLElement);
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveAttribute("data-mode", "live"));
    // Changing the range keeps the interactive chart.
    fireEvent.click(screen.getByRole("button", { name: "7D" }));
    await waitFor(() => expect(screen.getByTestId("price-chart")).toHaveAttribute("data-range", "7d"));
    expect(screen.getByTestId("price-chart")).toHaveAttribute("data-mode", "live");
  });

  it.each([
    ["one recorded price", [[1_700_000_000, 1]] as [number, number][]],
    ["none", [] as [number, number][]],
  ])("says there is not enough price history, instead of drawing a dot, for %s", async (_, points) => {
    setup(null, { tradingviewSymbol: null, isHidden: false }, mock(apiContract.getPriceHistory, { ...history, points }));
    expect(await screen.findByText("Not enough price history yet")).toBeInTheDocument();
    expect(screen.queryByTestId("price-chart")).toBeNull();
  });

  it("in the offline replay, says when a price was really recorded, and that later ones are modelled", async () => {
    const replayedAt = 1_700_086_400;
    const recordedAt = Date.parse("2026-04-30T12:21:00Z") / 1000;
    // The headline price is the replay's first: it takes the place of the history's point of that day.
    coin = makeCrypto({ priceUsd: 2, lastUpdated: new Date(replayedAt * 1000).toISOString() });
    setup(
      null,
      { tradingviewSymbol: null, isHidden: false },
      mock(apiContract.getSiteStatus, {
        demo: true,
        demoDataFrom: "2026-04-30",
        recordedAt: "2026-04-30T12:21:00Z",
        replayedAt: new Date(replayedAt * 1000).toISOString(),
      }),
    );
    expect(await screen.findByTestId("chart-replay-note")).toHaveTextContent(
      "Demo data: CoinGecko prices recorded up to 30 Apr 2026, 12:21 UTC, replayed so that they end at 15 Nov 2023, 22:13 UTC",
    );
    // The last point sits at the replay's start: it is the recording's last price, with its real day.
    expect(screen.getByTestId("chart-legend")).toHaveTextContent(`recorded ${new Date(recordedAt * 1000).getUTCDate()} Apr 2026, replayed`);
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

  it("keeps an admin's mapping in this browser when the save fails (assistant-plans-admin.md §8)", async () => {
    setup(makeUser({ role: "admin" }), { tradingviewSymbol: null, isHidden: false }, failure(apiContract.saveChartMapping, 503));
    fireEvent.click(await screen.findByRole("button", { name: "Map to TradingView" }));
    fireEvent.change(await screen.findByLabelText("Exchange"), { target: { value: "COINBASE" } });
    fireEvent.change(screen.getByLabelText("Quote"), { target: { value: "USD" } });
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    expect(await screen.findByText(/Saved in this browser only/)).toBeInTheDocument();
    expect(readSymbolCache().BTC).toMatchObject({ tradingviewSymbol: "COINBASE:BTCUSD", localOnly: true });
    expect(await screen.findByText("This mapping is saved in this browser only.")).toBeInTheDocument();
  });

  it("shows the server's refusal of an admin's mapping by its fields, and keeps it out of this browser's cache", async () => {
    const message = 'Use "EXCHANGE:PAIR" in capitals, e.g. "BINANCE:BTCUSDT", or FAILED';
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", `Invalid json: tradingViewSymbol: ${message}`).error,
        issues: [{ path: "tradingViewSymbol", message }],
      },
    };
    setup(
      makeUser({ role: "admin" }),
      { tradingviewSymbol: null, isHidden: false },
      mock(apiContract.saveChartMapping, refusal, { status: 400 }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Map to TradingView" }));
    const override = await screen.findByLabelText("Exchange override");
    fireEvent.change(override, { target: { value: "gateio" } });
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    expect(await screen.findByText(`Mapping not saved: Invalid json: tradingViewSymbol: ${message}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Exchange")).toHaveFocus());
    expect(override).toHaveAttribute("aria-invalid", "true");
    expect(override).toHaveAccessibleDescription(message);
    expect(override).toHaveValue("gateio");
    // The form stays open with what was typed; the page never claims a local copy.
    expect(screen.getByRole("form", { name: "Chart mapping for Bitcoin" })).toBeInTheDocument();
    expect(screen.queryByText(/saved in this browser only/i)).toBeNull();
    expect(localStorage.getItem(SYMBOL_CACHE_KEY)).toBeNull();
  });
});
