import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { buildChartSymbol, rankHint, readSymbolCache, SYMBOL_CACHE_KEY, saveMapping } from "#web/lib/chart-mapping.ts";
import { errorBody, mock, server } from "#web/test/msw.ts";
import { ChartMappingForm } from "./chart-mapping-form.tsx";

const coin = { symbol: "pepe", name: "Pepe", rank: 42 };

describe("chart symbol rules (assistant-plans-admin.md §5)", () => {
  it("builds {exchange override, else exchange}:{SYMBOL}{quote}", () => {
    expect(buildChartSymbol({ exchange: "BINANCE", symbol: "btc", quote: "USDT" })).toBe("BINANCE:BTCUSDT");
    expect(buildChartSymbol({ exchange: "BINANCE", exchangeOverride: "gateio", symbol: "btc", quote: "USD" })).toBe("GATEIO:BTCUSD");
    expect(buildChartSymbol({ exchange: "OKX", exchangeOverride: "  ", symbol: " eth ", quote: "BTC" })).toBe("OKX:ETHBTC");
  });

  it("hints exchanges by rank: up to 100, up to 300, above", () => {
    expect(rankHint(1)).toBe("MEXC/OKX");
    expect(rankHint(100)).toBe("MEXC/OKX");
    expect(rankHint(101)).toBe("OKX/KuCoin");
    expect(rankHint(300)).toBe("OKX/KuCoin");
    expect(rankHint(301)).toBe("KuCoin/Gate.io");
  });
});

describe("ChartMappingForm", () => {
  it("previews the symbol as exchange, quote and override change", () => {
    render(<ChartMappingForm coin={coin} onSubmit={vi.fn()} />);
    const preview = screen.getByTestId("chart-symbol-preview");
    expect(preview).toHaveTextContent("BINANCE:PEPEUSDT");
    fireEvent.change(screen.getByLabelText("Exchange"), { target: { value: "MEXC" } });
    fireEvent.change(screen.getByLabelText("Quote"), { target: { value: "USDC" } });
    expect(preview).toHaveTextContent("MEXC:PEPEUSDC");
    fireEvent.change(screen.getByLabelText("Exchange override"), { target: { value: "bitget" } });
    expect(preview).toHaveTextContent("BITGET:PEPEUSDC");
    expect(screen.getByLabelText("Exchange")).toHaveTextContent("CRYPTO (Generic)");
    const quotes = [...(screen.getByLabelText("Quote") as HTMLSelectElement).options].map((o) => o.value);
    expect(quotes).toEqual(["USD", "USDT", "USDC", "USD1", "BUSD", "DAI", "BTC", "ETH"]);
  });

  it("shows the rank's exchange hint", () => {
    const { rerender } = render(<ChartMappingForm coin={coin} onSubmit={vi.fn()} />);
    expect(screen.getByTestId("rank-hint")).toHaveTextContent("Rank #42: try MEXC/OKX");
    rerender(<ChartMappingForm key="b" coin={{ ...coin, rank: 250 }} onSubmit={vi.fn()} />);
    expect(screen.getByTestId("rank-hint")).toHaveTextContent("OKX/KuCoin");
    rerender(<ChartMappingForm key="c" coin={{ ...coin, rank: 420 }} onSubmit={vi.fn()} />);
    expect(screen.getByTestId("rank-hint")).toHaveTextContent("KuCoin/Gate.io");
  });

  it("sends the coin's own name when the name override is empty, and the override when given", async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<ChartMappingForm coin={coin} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      symbol: "PEPE",
      coinName: "Pepe",
      tradingViewSymbol: "BINANCE:PEPEUSDT",
      isHidden: false,
    });
    fireEvent.change(screen.getByLabelText("Coin name override"), { target: { value: "Pepe Coin" } });
    fireEvent.click(screen.getByLabelText("Hide this coin's chart from readers"));
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ coinName: "Pepe Coin", isHidden: true });
  });

  it("reopens a saved mapping in its fields and refuses a malformed override", () => {
    render(<ChartMappingForm coin={coin} saved="KUCOIN:PEPEUSDC" onSubmit={vi.fn()} />);
    expect(screen.getByTestId("chart-symbol-preview")).toHaveTextContent("KUCOIN:PEPEUSDC");
    const override = screen.getByLabelText("Exchange override");
    expect(override).not.toHaveAttribute("aria-invalid");
    fireEvent.change(override, { target: { value: "gate io!" } });
    expect(screen.getByRole("button", { name: "Save mapping" })).toBeDisabled();
    // The reason sits under the field and is its description.
    expect(override).toHaveAttribute("aria-invalid", "true");
    expect(override).toHaveAccessibleDescription("Letters, digits and _ only.");
    expect(override).toHaveValue("gate io!");
  });
});

/** The worker's 400 for a body its schema refuses (worker/lib/validate.ts): the first issue in the message, all in `issues`. */
function refusal(...issues: { path: string; message: string }[]): ErrorBody {
  const first = issues[0] as { path: string; message: string };
  return { error: { ...errorBody("BAD_REQUEST", `Invalid json: ${first.path}: ${first.message}`).error, issues } };
}

const SYMBOL_RULE = 'Use "EXCHANGE:PAIR" in capitals, e.g. "BINANCE:BTCUSDT", or FAILED';
const NAME_RULE = "Too big: expected string to have <=100 characters";

describe("ChartMappingForm and the server's refusal", () => {
  afterEach(() => localStorage.removeItem(SYMBOL_CACHE_KEY));

  it("puts a 400's messages by their fields, focuses the first, keeps the typing, sums up the rest, and stores nothing locally", async () => {
    server.use(
      mock(
        apiContract.saveChartMapping,
        refusal(
          { path: "tradingViewSymbol", message: SYMBOL_RULE },
          { path: "coinName", message: NAME_RULE },
          { path: "symbol", message: "Symbol is not tracked" },
        ),
        { status: 400 },
      ),
    );
    // A dash is fine in a coin's symbol but not in a TradingView pair, and the name is one letter too long.
    render(<ChartMappingForm coin={{ symbol: "usd-x", name: "USD X", rank: 420 }} onSubmit={saveMapping} />);
    const exchange = screen.getByLabelText("Exchange");
    const name = screen.getByLabelText("Coin name override");
    fireEvent.change(exchange, { target: { value: "OKX" } });
    fireEvent.change(name, { target: { value: "N".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));

    // The symbol is made by the exchange, the quote and the override: all three point at its message.
    await waitFor(() => expect(exchange).toHaveFocus());
    expect(screen.getByTestId("chart-symbol-preview")).toHaveTextContent("OKX:USD-XUSDT");
    for (const control of [exchange, screen.getByLabelText("Quote"), screen.getByLabelText("Exchange override")]) {
      expect(control).toHaveAttribute("aria-invalid", "true");
      expect(control).toHaveAccessibleDescription(SYMBOL_RULE);
    }
    expect(exchange).toHaveValue("OKX");
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(NAME_RULE);
    expect(name).toHaveValue("N".repeat(101));
    expect(screen.getByLabelText("Hide this coin's chart from readers")).not.toHaveAttribute("aria-invalid");
    const summary = screen.getByRole("alert", { name: "Not saved" });
    expect(summary).toHaveTextContent("symbol: Symbol is not tracked");
    expect(summary).not.toHaveTextContent(NAME_RULE);
    // The admin's input was wrong, the server was there: nothing goes to the local fallback.
    expect(readSymbolCache()).toEqual({});
    expect(localStorage.getItem(SYMBOL_CACHE_KEY)).toBeNull();

    // Changing what the symbol is made of clears its message only.
    fireEvent.change(screen.getByLabelText("Quote"), { target: { value: "USDC" } });
    expect(exchange).not.toHaveAttribute("aria-invalid");
    expect(exchange).not.toHaveAccessibleDescription();
    expect(name).toHaveAttribute("aria-invalid", "true");
  });

  it("focuses the summary when no message has a field of its own", async () => {
    server.use(mock(apiContract.saveChartMapping, refusal({ path: "symbol", message: "Symbol is not tracked" }), { status: 400 }));
    render(<ChartMappingForm coin={coin} onSubmit={saveMapping} />);
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    const summary = await screen.findByRole("alert", { name: "Not saved" });
    expect(summary).toHaveTextContent("symbol: Symbol is not tracked");
    await waitFor(() => expect(summary).toHaveFocus());
    expect(readSymbolCache()).toEqual({});
  });

  it("clears the messages once a save goes through", async () => {
    server.use(
      mock(apiContract.saveChartMapping, refusal({ path: "coinName", message: NAME_RULE }), { status: 400, once: true }),
      mock(apiContract.saveChartMapping, { tradingviewSymbol: "BINANCE:PEPEUSDT", isHidden: false }),
    );
    render(<ChartMappingForm coin={coin} onSubmit={saveMapping} />);
    const name = screen.getByLabelText("Coin name override");
    fireEvent.change(name, { target: { value: "Pepe Coin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));
    fireEvent.click(screen.getByRole("button", { name: "Save mapping" }));
    await waitFor(() => expect(readSymbolCache().PEPE).toMatchObject({ localOnly: false, coinName: "Pepe Coin" }));
    expect(name).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
