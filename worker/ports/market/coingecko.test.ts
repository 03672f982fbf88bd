import { afterEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "#worker/ports/port.ts";
import { createCoinGecko } from "./coingecko.ts";
import page1 from "./fixtures/coins-markets-page1.json";
import page2 from "./fixtures/coins-markets-page2.json";

// Recorded /coins/markets answers (real CoinGecko rows; see docs/data.md).
function replay(pages: Record<string, unknown>, status = 200) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = pages[url.searchParams.get("page") ?? ""];
    return new Response(JSON.stringify(body ?? []), { status, headers: { "content-type": "application/json" } });
  });
}

afterEach(() => vi.restoreAllMocks());

describe("CoinGecko market data adapter", () => {
  it("asks for two pages of 250 in USD with the 1h/24h/7d changes and the demo key header", async () => {
    const spy = replay({ "1": page1, "2": page2 });
    await createCoinGecko({ apiKey: "demo-key" }).fetchTop(500);
    expect(spy).toHaveBeenCalledTimes(2);
    const [input, init = {}] = spy.mock.calls[0] ?? [];
    const url = new URL(String(input));
    expect(url.origin + url.pathname).toBe("https://api.coingecko.com/api/v3/coins/markets");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      vs_currency: "usd",
      per_page: "250",
      page: "1",
      price_change_percentage: "1h,24h,7d",
    });
    expect((init.headers as Record<string, string>)["x-cg-demo-api-key"]).toBe("demo-key");
  });

  it("uses the pro host and header on the pro plan", async () => {
    const spy = replay({ "1": page1 });
    await createCoinGecko({ apiKey: "pro-key", plan: "pro" }).fetchTop(250);
    const [input, init = {}] = spy.mock.calls[0] ?? [];
    expect(String(input)).toMatch(/^https:\/\/pro-api\.coingecko\.com\/api\/v3\/coins\/markets\?/);
    expect((init.headers as Record<string, string>)["x-cg-pro-api-key"]).toBe("pro-key");
  });

  it("maps rows to coins in rank order with their changes and supplies", async () => {
    replay({ "1": page1, "2": page2 });
    const coins = await createCoinGecko().fetchTop(500);
    expect(coins).toHaveLength(6);
    expect(coins.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5, 6]);
    const btc = coins[0];
    expect(btc).toMatchObject({ id: "bitcoin", symbol: "btc", name: "Bitcoin", price: 64039, maxSupply: 21_000_000 });
    expect(btc?.change24h).toBeCloseTo(0.6438661836501878);
    expect(btc?.change7d).toBeCloseTo(9.701459446308206);
    // CoinGecko's image address is recorded, but the page gets the site's own icon.
    expect(page1[0]?.image).toMatch(/^https:\/\/coin-images\.coingecko\.com\//);
    expect(btc?.imageUrl).toBe("/coins/bitcoin.svg");
    expect(coins.every((c) => !c.imageUrl.startsWith("http"))).toBe(true);
  });

  it("maps the recorded 24 h range, all-time high and low with their dates, and fully diluted value", async () => {
    replay({ "1": page1, "2": page2 });
    const [btc, , usdt] = await createCoinGecko().fetchTop(500);
    expect(btc).toMatchObject({
      high24h: 64387,
      low24h: 62815,
      ath: 126080,
      athDate: "2025-10-06T18:57:42.558Z",
      atl: 67.81,
      atlDate: "2013-07-06T00:00:00.000Z",
      fullyDilutedValuation: 1284523645172,
    });
    // No max supply is reported as null and stays null: unknown, never 0.
    expect(usdt).toMatchObject({ id: "tether", maxSupply: null, fullyDilutedValuation: 189687646275 });
  });

  it("keeps a figure CoinGecko leaves out unknown", async () => {
    const { ath: _a, ath_date: _d, high_24h: _h, fully_diluted_valuation: _f, ...row } = page1[0] ?? { id: "" };
    replay({ "1": [row] });
    const [coin] = await createCoinGecko().fetchTop(250);
    expect(coin).toMatchObject({ ath: null, athDate: null, high24h: null, fullyDilutedValuation: null });
  });

  it("skips rows without a price and duplicate ids", async () => {
    const broken = [{ ...page1[0], current_price: null }, page1[1], page1[1]];
    replay({ "1": broken });
    const coins = await createCoinGecko().fetchTop(250);
    expect(coins.map((c) => c.id)).toEqual([page1[1]?.id]);
  });

  it("turns an HTTP error into an UpstreamError with the status", async () => {
    replay({ "1": page1 }, 429);
    await expect(createCoinGecko().fetchTop(250)).rejects.toMatchObject({ name: "UpstreamError", status: 429 });
  });

  it("turns an unexpected body into an UpstreamError", async () => {
    replay({ "1": { status: { error_code: 10002 } } });
    await expect(createCoinGecko().fetchTop(250)).rejects.toBeInstanceOf(UpstreamError);
  });

  it("turns a network failure into an UpstreamError", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("connection refused"));
    await expect(createCoinGecko().fetchTop(250)).rejects.toThrow(/unreachable/);
  });
});
