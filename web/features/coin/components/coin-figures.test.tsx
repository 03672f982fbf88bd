import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeCrypto } from "#web/test/fixtures.ts";
import { CoinConverter, parseAmount } from "./coin-converter.tsx";
import { DayRange, Extremes, MarketData, Supply } from "./coin-figures.tsx";

/** Bitcoin as CoinGecko reported it at 12:20 UTC on 30 April 2026 (the offline recording). */
const btc = makeCrypto({
  price: "$76,181.00",
  priceUsd: 76_181,
  marketCap: 1_525_311_965_138,
  fullyDilutedValuation: 1_525_311_965_138,
  high24h: 77_191,
  low24h: 75_103,
  circulatingSupply: 20_022_396,
  totalSupply: 20_022_396,
  maxSupply: 21_000_000,
  lastUpdated: "2026-04-30T12:20:50.429Z",
});
const recordedAt = Date.parse("2026-04-30T12:21:00Z") / 1000;

describe("the coin page's figures", () => {
  it("shows the 24h range, the fully diluted value and supplies that read naturally", () => {
    render(
      <>
        <MarketData coin={btc} />
        <Supply coin={makeCrypto({ symbol: "XRP", circulatingSupply: 37_263_470_000, totalSupply: 99_985_880_000, maxSupply: 100e9 })} />
      </>,
    );
    expect(screen.getByText("24h Low / High").nextElementSibling).toHaveTextContent("$75,103.00 / $77,191.00");
    expect(screen.getByText("Fully Diluted Valuation").nextElementSibling).toHaveTextContent("$1.53T");
    expect(screen.getByText("Circulating Supply").nextElementSibling).toHaveTextContent("37.26 B XRP");
    expect(screen.getByText("Max Supply").nextElementSibling).toHaveTextContent("100.00 B XRP");
    expect(screen.getByText("37.3% of max supply in circulation")).toBeInTheDocument();
  });

  it("marks the price within its 24 h range, and draws no range the source does not report", () => {
    const { unmount } = render(<DayRange coin={btc} />);
    const meter = screen.getByRole("meter", { name: "Price within its 24-hour range" });
    expect(meter).toHaveAttribute("aria-valuetext", "$76,181.00, between the 24-hour low of $75,103.00 and high of $77,191.00");
    // (76,181 - 75,103) / (77,191 - 75,103) = 51.6 % of the way up.
    expect((meter.lastElementChild as HTMLElement).style.left).toMatch(/^51\.6\d*%$/);
    expect(screen.getByTestId("day-range")).toHaveTextContent("$75,103.0024h range$77,191.00");
    unmount();
    render(<DayRange coin={{ ...btc, low24h: null, high24h: null }} />);
    expect(screen.queryByTestId("day-range")).toBeNull();
  });

  it("shows the all-time high and low with the day each was reached and the distance from it", () => {
    render(<Extremes coin={btc} />);
    const high = screen.getByText("All-Time High").parentElement as HTMLElement;
    expect(high).toHaveTextContent("$126,080.00");
    expect(high).toHaveTextContent("6 Oct 2025 · -39.6% from the high");
    const low = screen.getByText("All-Time Low").parentElement as HTMLElement;
    expect(low).toHaveTextContent("$67.81");
    expect(low).toHaveTextContent("6 Jul 2013 · +112244.8% from the low");
  });

  it("in the replay, dates an extreme on the replay's timeline with its recorded day beside it, as the chart does", () => {
    // Laid 200 days after the recording: 6 Oct 2025, 18:57 is drawn on 24 Apr 2026.
    const replay = { recordedAt, replayedAt: recordedAt + 200 * 86_400 };
    render(<Extremes coin={btc} demo={{ recordedAt, replay }} />);
    const high = screen.getByText("All-Time High").parentElement as HTMLElement;
    expect(high).toHaveTextContent("24 Apr 2026 (recorded 6 Oct 2025) · -39.6% from the high");
  });

  it("an extreme the replay's walk passed is dated when it was passed, as modelled", () => {
    const replay = { recordedAt, replayedAt: recordedAt + 200 * 86_400 };
    const passed = { ...btc, priceUsd: 130_000, ath: 130_000, athDate: new Date((replay.replayedAt + 3_600) * 1000).toISOString() };
    render(<Extremes coin={passed} demo={{ recordedAt, replay }} />);
    const high = screen.getByText("All-Time High").parentElement as HTMLElement;
    expect(high).toHaveTextContent("16 Nov 2026, modelled · at the high");
  });

  it("says when replayed figures were really recorded, and when they are modelled, instead of 'just now'", () => {
    const replay = { recordedAt, replayedAt: Date.now() / 1000 - 120 };
    const { rerender } = render(<MarketData coin={btc} demo={{ recordedAt, replay }} />);
    const updated = () => screen.getByText("Last Updated").nextElementSibling?.parentElement as HTMLElement;
    expect(updated()).toHaveTextContent("recorded 30 Apr 2026, 12:20 UTC, replayed");
    expect(updated()).not.toHaveTextContent("just now");
    rerender(<MarketData coin={{ ...btc, lastUpdated: new Date().toISOString() }} demo={{ recordedAt, replay }} />);
    expect(updated()).toHaveTextContent("just nowmodelled from the recorded price");
  });
});

describe("the USD ↔ coin converter", () => {
  it("converts a coin amount to dollars at the page's price, and dollars back to coins", () => {
    render(<CoinConverter coin={btc} />);
    const coin = screen.getByLabelText("BTC");
    const usd = screen.getByLabelText("USD");
    expect(usd).toHaveValue("76,181.00");
    fireEvent.change(coin, { target: { value: "0.5" } });
    expect(usd).toHaveValue("38,090.50");
    fireEvent.change(usd, { target: { value: "1,000" } });
    expect(coin).toHaveValue("0.013126633");
    expect(screen.getByText("At $76,181.00 per BTC")).toBeInTheDocument();
  });

  it("converts to BTC and ETH at their live prices once the page holds them, and never to the coin itself", () => {
    const sol = makeCrypto({ symbol: "SOL", name: "Solana", price: "$150.00", priceUsd: 150 });
    const refs = {
      btc: makeCrypto({ symbol: "BTC", priceUsd: 75_000 }),
      eth: makeCrypto({ symbol: "ETH", name: "Ethereum", priceUsd: 3_000 }),
    };
    const { rerender } = render(<CoinConverter coin={sol} refs={refs} />);
    const to = screen.getByLabelText("Convert to");
    expect([...to.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["USD", "BTC", "ETH"]);
    fireEvent.change(to, { target: { value: "ETH" } });
    fireEvent.change(screen.getByLabelText("SOL"), { target: { value: "4" } });
    expect(screen.getByLabelText("ETH")).toHaveValue("0.2");
    expect(screen.getByText("At 0.05 ETH per SOL")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("ETH"), { target: { value: "1" } });
    expect(screen.getByLabelText("SOL")).toHaveValue("20");
    // Ether moves: the conversion follows.
    rerender(<CoinConverter coin={sol} refs={{ ...refs, eth: { ...refs.eth, priceUsd: 1_500 } }} />);
    expect(screen.getByLabelText("SOL")).toHaveValue("10");
    rerender(<CoinConverter coin={refs.btc} refs={refs} />);
    expect([...screen.getByLabelText("Convert to").querySelectorAll("option")].map((o) => o.textContent)).toEqual(["USD", "ETH"]);
  });

  it("says what it needs when the reader types something that is not a number", () => {
    render(<CoinConverter coin={btc} />);
    fireEvent.change(screen.getByLabelText("USD"), { target: { value: "ten" } });
    expect(screen.getByLabelText("USD")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("BTC")).toHaveValue("");
    expect(screen.getByText("Type a number, e.g. 1.5")).toBeInTheDocument();
  });

  it("reads grouped and partial numbers", () => {
    expect(parseAmount("1,234.5")).toBe(1234.5);
    expect(parseAmount(".5")).toBe(0.5);
    expect(parseAmount("2.")).toBe(2);
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("1e5")).toBeNull();
  });
});
