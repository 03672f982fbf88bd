import { describe, expect, it } from "vitest";
import { mappingSentence, usableSymbol } from "./chart-mapping.ts";

describe("a coin's chart mapping, as admins read it", () => {
  it("says FAILED, a symbol and no mapping as sentences", () => {
    expect(mappingSentence({ tradingviewSymbol: "FAILED" })).toBe(
      "TradingView could not load this symbol: readers see Coinsight's own chart.",
    );
    expect(mappingSentence({ tradingviewSymbol: "BINANCE:BTCUSDT" })).toBe("Shown with TradingView's BINANCE:BTCUSDT chart.");
    expect(mappingSentence(null)).toBe("Not mapped to TradingView yet: readers see Coinsight's own chart.");
    expect(usableSymbol({ tradingviewSymbol: "FAILED" })).toBeNull();
  });
});
