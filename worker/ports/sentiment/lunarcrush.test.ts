import { afterEach, describe, expect, it, vi } from "vitest";
import { UpstreamError } from "#worker/ports/port.ts";
import answer from "./fixtures/coins-list-v2.json";
import { createLunarCrush } from "./lunarcrush.ts";
import type { MarketInput } from "./sentiment.ts";

// A hand-built answer in the documented coins/list/v2 shape (see fixtures/README.md).
function replay(body: unknown, status = 200) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

function coin(id: string, symbol: string, name: string, rank: number): MarketInput {
  return { id, symbol, name, rank, price: 1, change24h: 0, change7d: 0, marketCap: 1, volume24h: 1 };
}

const market = [
  coin("bitcoin", "btc", "Bitcoin", 1),
  coin("ethereum", "eth", "Ethereum", 2),
  coin("tether", "usdt", "Tether", 3),
  coin("avalanche-2", "avax", "Avalanche", 32),
  coin("falcon-finance", "usdf", "Falcon USD", 54),
  coin("astherus-usdf", "usdf", "Aster USDF", 245),
  coin("some-coin", "zzz", "Some Coin", 300),
];

afterEach(() => vi.restoreAllMocks());

describe("LunarCrush v4 sentiment adapter", () => {
  it("asks coins/list/v2 for 1000 coins by market-cap rank with the Bearer key", async () => {
    const spy = replay(answer);
    await createLunarCrush({ apiKey: "lc-key" }).fetchMetrics(market, "2026-11-22");
    expect(spy).toHaveBeenCalledTimes(1);
    const [input, init = {}] = spy.mock.calls[0] ?? [];
    const url = new URL(String(input));
    expect(url.origin + url.pathname).toBe("https://lunarcrush.com/api4/public/coins/list/v2");
    expect(Object.fromEntries(url.searchParams)).toEqual({ sort: "market_cap_rank", limit: "1000", page: "0" });
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer lc-key");
  });

  it("maps the documented fields, previous values and comma-delimited categories", async () => {
    replay(answer);
    const metrics = await createLunarCrush({ apiKey: "k" }).fetchMetrics(market, "2026-11-22");
    expect(metrics.get("bitcoin")).toEqual({
      galaxyScore: 40.5,
      galaxyScorePrevious: 43,
      altRank: 321,
      altRankPrevious: 184,
      sentiment: 75,
      socialVolume24h: 353615,
      interactions24h: 183243410,
      socialDominance: 35.51064470777264,
      marketDominance: 58.726273413735896,
      categories: ["layer-1", "bitcoin-ecosystem", "pow"],
    });
    // The same ticker far down the list (a namesake) does not replace the real coin.
    expect(metrics.get("ethereum")?.galaxyScore).toBe(53.6);
  });

  it("matches coins sharing a ticker by name, else by the nearest market-cap rank", async () => {
    replay(answer);
    const metrics = await createLunarCrush({ apiKey: "k" }).fetchMetrics(market, "2026-11-22");
    expect(metrics.get("falcon-finance")?.galaxyScore).toBe(44.2);
    expect(metrics.get("astherus-usdf")?.galaxyScore).toBe(31.5);
  });

  it("leaves out coins the source does not have, and keeps nulls of tracked coins as nulls", async () => {
    replay(answer);
    const metrics = await createLunarCrush({ apiKey: "k" }).fetchMetrics(market, "2026-11-22");
    expect(metrics.has("some-coin")).toBe(false);
    expect(metrics.get("avalanche-2")).toMatchObject({ galaxyScore: null, sentiment: null, categories: [] });
    expect([...metrics.keys()]).not.toContain("NOTLISTED");
  });

  it("turns an HTTP error into an UpstreamError with the status", async () => {
    replay({ error: "Unauthorized" }, 401);
    await expect(createLunarCrush({ apiKey: "bad" }).fetchMetrics(market, "2026-11-22")).rejects.toMatchObject({
      name: "UpstreamError",
      status: 401,
    });
  });

  it("turns an unexpected body into an UpstreamError", async () => {
    replay({ config: {}, data: "nope" });
    await expect(createLunarCrush({ apiKey: "k" }).fetchMetrics(market, "2026-11-22")).rejects.toBeInstanceOf(UpstreamError);
  });

  it("turns a network failure into an UpstreamError and keeps a timeout a timeout", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("connection refused"));
    await expect(createLunarCrush({ apiKey: "k" }).fetchMetrics(market, "d")).rejects.toThrow(/unreachable/);
    const timeout = new Error("The operation was aborted due to timeout");
    timeout.name = "TimeoutError";
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(timeout);
    await expect(createLunarCrush({ apiKey: "k" }).fetchMetrics(market, "d")).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
