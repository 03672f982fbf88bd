import { QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { CryptoPage } from "#schema/contracts/crypto.ts";
import type { LiveRow, LiveServerMessage, LiveTopic } from "#schema/contracts/live.ts";
import { createQueryClient } from "#web/lib/query-client.ts";
import { makeCrypto, makePageRow } from "#web/test/fixtures.ts";
import { applyLiveMessage, topicsFromCache } from "./live-cache.ts";

const at = "2026-11-27T09:00:30.000Z";

function pageOf(ranks: number[]): CryptoPage {
  return {
    data: ranks.map((rank) =>
      makePageRow(makeCrypto({ id: `c${rank}`, symbol: `C${rank}`, rank, priceUsd: rank }), { sparkline: [1, 2], sparklineHours: 168 }),
    ),
    pagination: { page: 1, limit: 100, totalPages: 5, total: 500 },
  };
}

/** A cache with the table's page 1 and a coin open, as the markets page and a coin chip have them. */
function cache() {
  const client = createQueryClient();
  client.setQueryData(["cryptos", "page", 1, "rank", "asc"], pageOf([1, 2, 3]));
  client.setQueryData(["cryptos", "coin", "C250"], makeCrypto({ id: "c250", symbol: "C250", rank: 250 }));
  client.setQueryData(["cryptos", "gainers", 25], [makeCrypto({ id: "c499", rank: 499 })]);
  // Only queries someone watches have topics.
  for (const queryKey of [
    ["cryptos", "page", 1, "rank", "asc"],
    ["cryptos", "coin", "C250"],
    ["cryptos", "gainers", 25],
  ])
    new QueryObserver(client, { queryKey, enabled: false }).subscribe(() => {});
  return client;
}

describe("topicsFromCache", () => {
  it("names the pages of the rows on screen and the coins open, not the movers (they poll)", () => {
    expect(topicsFromCache(cache())).toEqual(["top:1", "coin:c250"]);
  });
});

/** Tick `n`'s message for `topic`, changing only `rows`. */
const tick = (topic: LiveTopic, rows: LiveRow[], n = 2): LiveServerMessage => ({
  type: "tick",
  tick: n,
  prev: n - 1,
  at,
  topic,
  full: false,
  rows,
});

describe("applyLiveMessage", () => {
  it("writes changed fields into every cached copy of the coin, keeping the rest of the row", () => {
    const client = cache();
    const { reload } = applyLiveMessage(client, tick("top:1", [{ id: "c2", symbol: "C2", priceUsd: 2.5, price: "$2.50" }]));
    expect(reload).toBe(false);
    const page = client.getQueryData<CryptoPage>(["cryptos", "page", 1, "rank", "asc"]);
    expect(page?.data[1]).toMatchObject({ id: "c2", priceUsd: 2.5, price: "$2.50", rank: 2, sparkline: [1, 2] });
    expect(page?.data[0]?.priceUsd).toBe(1);
  });

  it("writes into a row of the table only the fields a row holds, and the coin page's figures into the coin", () => {
    const client = cache();
    applyLiveMessage(client, tick("coin:c250", [{ id: "c250", symbol: "C250", priceUsd: 3, high24h: 4 }]));
    applyLiveMessage(client, tick("top:1", [{ id: "c2", symbol: "C2", priceUsd: 2.5, high24h: 2.6, priceBtc: "0.00000003" }]));
    const row = client.getQueryData<CryptoPage>(["cryptos", "page", 1, "rank", "asc"])?.data[1];
    expect(row).toMatchObject({ priceUsd: 2.5, priceBtc: "0.00000003" });
    expect(row).not.toHaveProperty("high24h");
    expect(client.getQueryData(["cryptos", "coin", "C250"])).toMatchObject({ priceUsd: 3, high24h: 4 });
  });

  it("asks for the lists again when a coin changes rank or a page's topic names a coin it lacks", () => {
    const client = cache();
    expect(applyLiveMessage(client, tick("top:1", [{ id: "c3", symbol: "C3", rank: 4 }])).reload).toBe(true);
    expect(applyLiveMessage(client, tick("top:1", [{ id: "c9", symbol: "C9", rank: 3 }], 3)).reload).toBe(true);
  });

  it("judges a page of 50 by its own ranks: a coin of rank 60 is not missing from page 1, but is from page 2", () => {
    const client = createQueryClient();
    const of50 = (page: number, ranks: number[]) => ({ ...pageOf(ranks), pagination: { page, limit: 50, totalPages: 10, total: 500 } });
    client.setQueryData(["cryptos", "page", 1, "rank", "asc", 50], of50(1, [1, 2]));
    const row: LiveRow = { id: "c60", symbol: "C60", rank: 60, priceUsd: 60 };
    expect(applyLiveMessage(client, tick("top:1", [row])).reload).toBe(false);
    client.setQueryData(["cryptos", "page", 2, "rank", "asc", 50], of50(2, [51, 52]));
    expect(applyLiveMessage(client, tick("top:1", [row])).reload).toBe(true);
  });

  it("fetches a page sorted by a figure the tick moves again instead of writing into it, so it keeps its order", () => {
    const client = cache();
    const key = ["cryptos", "page", 1, "change24h", "desc"];
    client.setQueryData(key, pageOf([2, 1, 3]));
    const { reload } = applyLiveMessage(client, tick("top:1", [{ id: "c1", symbol: "C1", priceUsd: 9 }]));
    expect(reload).toBe(true);
    expect(client.getQueryData<CryptoPage>(key)?.data.map((c) => c.priceUsd)).toEqual([2, 1, 3]);
    expect(client.getQueryData<CryptoPage>(["cryptos", "page", 1, "rank", "asc"])?.data[0]?.priceUsd).toBe(9);
  });
});
