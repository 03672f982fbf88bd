import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { buildChartSymbol, rankHint } from "#web/lib/chart-mapping.ts";
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
