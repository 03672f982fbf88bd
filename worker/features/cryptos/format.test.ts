import { describe, expect, it } from "vitest";
import { formatAmount, formatBtc, formatChange, formatPrice, formatSupply, formatUnits, longDay } from "#schema/contracts/format.ts";

/** The rule the API has always documented (docs/decisions/markets/price-text.md), spelled with Intl. */
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdSmall = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 4 });

describe("the one formatter module (schema/contracts/format.ts)", () => {
  it("prices a dollar and up to the cent, and below a dollar to four significant digits, exactly as Intl does", () => {
    expect(formatPrice(64_039)).toBe("$64,039.00");
    expect(formatPrice(76_181.004)).toBe("$76,181.00");
    expect(formatPrice(0.999539)).toBe("$0.9995");
    expect(formatPrice(0.0000002672)).toBe("$0.0000002672");
    expect(formatPrice(0.5)).toBe("$0.5");
    expect(formatPrice(null)).toBe("\u2014");
    expect(formatPrice(0)).toBe("$0.00");
    // Every magnitude a coin trades at, against the Intl rule the API used before.
    for (let exp = -10; exp <= 6; exp++) {
      for (const m of [1, 1.2346, 2.5, 4.99999, 9.87654]) {
        const v = m * 10 ** exp;
        const intl = v >= 1 ? usdWhole.format(v) : usdSmall.format(v);
        // Intl rounds 0.99996 up to "$1" where the page shows "$1.00": the same price, dollar form.
        expect(formatPrice(v)).toBe(intl === "$1" ? "$1.00" : intl);
      }
    }
  });

  it("keeps the change and BTC texts of the API", () => {
    expect(formatChange(2.3141)).toBe("+2.31%");
    expect(formatChange(-0.524)).toBe("-0.52%");
    expect(formatChange(-0.001)).toBe("+0.00%");
    expect(formatChange(null)).toBe("0.00%");
    expect(formatBtc(2_261.67, 76_181)).toBe("0.02968811");
  });

  it("reads supplies naturally: '37.26 B coins', never '37263.47 million coins'", () => {
    expect(formatSupply(37_263_470_000)).toBe("37.26 B coins");
    expect(formatSupply(20_022_396, "BTC")).toBe("20.02 M BTC");
    expect(formatSupply(1.02e12)).toBe("1.02 T coins");
    expect(formatSupply(812_400)).toBe("812,400 coins");
    expect(formatSupply(null)).toBe("\u2014");
    expect(formatAmount(183_240_000)).toBe("183.24 M");
  });

  it("gives converted coin amounts eight significant digits", () => {
    expect(formatUnits(0.013126633)).toBe("0.013126633");
    expect(formatUnits(1234.56789123)).toBe("1,234.5679");
    expect(formatUnits(5)).toBe("5");
    expect(formatUnits(0)).toBe("0");
  });

  it("spells a day the same in web and worker", () => {
    expect(longDay("2026-04-30")).toBe("30 April 2026");
  });
});
