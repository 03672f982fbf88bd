import { describe, expect, it } from "vitest";
import { makeCrypto } from "#web/test/fixtures.ts";
import { createQueryClient } from "./query-client.ts";

const at = (minute: number) => `2026-11-29T07:${String(minute).padStart(2, "0")}:00.000Z`;
const coin = (price: number, minute: number) =>
  makeCrypto({ id: "chainlink", symbol: "LINK", priceUsd: price, price: `$${price}`, lastUpdated: at(minute) });

describe("price queries never roll a price back", () => {
  it("keeps a coin the socket moved when an older answer lands after it, and takes a newer one", () => {
    const client = createQueryClient();
    const key = ["cryptos", "coin", "LINK"];
    client.setQueryData(key, coin(1.22, 0));
    client.setQueryData(key, coin(1.15, 1));
    // A fetch that read D1's bucket-old row, answered after the tick.
    client.setQueryData(key, coin(1.22, 0));
    expect(client.getQueryData<{ priceUsd: number }>(key)?.priceUsd).toBe(1.15);
    client.setQueryData(key, coin(1.16, 2));
    expect(client.getQueryData<{ priceUsd: number }>(key)?.priceUsd).toBe(1.16);
  });

  it("judges a page and a list row by row, taking the answer's order and its new coins", () => {
    const client = createQueryClient();
    const key = ["cryptos", "page", 1, "rank", "asc", 100];
    const other = makeCrypto({ id: "bitcoin", symbol: "BTC", rank: 1, priceUsd: 76_000, lastUpdated: at(0) });
    const page = (rows: unknown[]) => ({ data: rows, pagination: { page: 1, limit: 100, total: 2, totalPages: 1 } });
    client.setQueryData(key, page([other, coin(1.15, 1)]));
    const fresh = makeCrypto({ id: "ethereum", symbol: "ETH", rank: 2, priceUsd: 2_260, lastUpdated: at(0) });
    client.setQueryData(key, page([fresh, coin(1.22, 0), { ...other, priceUsd: 75_900 }]));
    const rows = client.getQueryData<{ data: { id: string; priceUsd: number }[] }>(key)?.data;
    expect(rows?.map((r) => [r.id, r.priceUsd])).toEqual([
      ["ethereum", 2_260],
      ["chainlink", 1.15],
      ["bitcoin", 75_900],
    ]);
    const list = ["cryptos", "top", 10];
    client.setQueryData(list, [coin(1.15, 1)]);
    client.setQueryData(list, [coin(1.22, 0)]);
    expect(client.getQueryData<{ priceUsd: number }[]>(list)?.[0]?.priceUsd).toBe(1.15);
  });

  it("leaves any other data as it is given", () => {
    const client = createQueryClient();
    client.setQueryData(["market", "global"], { totalMarketCap: 1 });
    client.setQueryData(["market", "global"], { totalMarketCap: 2 });
    expect(client.getQueryData(["market", "global"])).toEqual({ totalMarketCap: 2 });
  });
});
