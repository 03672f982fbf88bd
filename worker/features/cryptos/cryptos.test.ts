import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { CRYPTO_ROW_FIELDS, type Crypto, type CryptoPage } from "#schema/contracts/crypto.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { MOVERS_MIN_VOLUME_USD } from "#schema/contracts/movers.ts";
import { getJson } from "#worker/test/http.ts";
import { forgetCachedSnapshot, PRICES_KEY, type PriceSnapshot, readSnapshot, writeSnapshot } from "./price-snapshot.ts";

beforeAll(async () => {
  // A fresh site: no snapshot yet. The first read makes the feed publish one.
  await env.KV.delete(PRICES_KEY);
  forgetCachedSnapshot();
});

describe("GET /api/cryptos", () => {
  it("bootstraps the feed on a fresh site and answers all 500 recorded coins in rank order", async () => {
    const { status, body } = await getJson<Crypto[]>("/api/cryptos");
    expect(status).toBe(200);
    expect(body).toHaveLength(500);
    expect(body.map((c) => c.rank).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(await env.KV.get(PRICES_KEY)).not.toBeNull();
  });

  it("keeps the top coins' answer per price tick: the same answer within a tick, the new tick's at once", async () => {
    const first = (await getJson<Crypto[]>("/api/cryptos?limit=3")).body;
    const snapshot = await readSnapshot(env.KV);
    if (!snapshot?.coins[0]) throw new Error("no snapshot");
    // Within the tick: a changed stored snapshot is not read again (the isolate's and the colo's copies answer).
    const moved = (updatedAt: string): PriceSnapshot => ({
      ...snapshot,
      updatedAt,
      coins: snapshot.coins.map((c, i) => (i === 0 ? { ...c, name: "Bitcoin (moved)" } : c)),
    });
    await env.KV.put(PRICES_KEY, JSON.stringify(moved(snapshot.updatedAt)));
    expect((await getJson<Crypto[]>("/api/cryptos?limit=3")).body).toEqual(first);
    // The next tick: its coins, not the copy kept for the last one.
    await writeSnapshot(env.KV, moved(new Date(Date.parse(snapshot.updatedAt) + 30_000).toISOString()));
    expect((await getJson<Crypto[]>("/api/cryptos?limit=3")).body[0]?.name).toBe("Bitcoin (moved)");
    await writeSnapshot(env.KV, snapshot);
  });

  it("limits the list and gives the display forms of the spec", async () => {
    const { status, body, res } = await getJson<Crypto[]>("/api/cryptos?limit=10");
    expect(status).toBe(200);
    expect(body).toHaveLength(10);
    const btc = body[0];
    expect(btc).toMatchObject({ symbol: "BTC", name: "Bitcoin", rank: 1 });
    expect(btc?.price).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    for (const c of body) {
      expect(c.price24h).toMatch(/^[+-]\d+\.\d{2}%$/);
      expect(c.price7d).toMatch(/^[+-]\d+\.\d{2}%$/);
      expect(c.price24h.startsWith("-")).toBe((c.change24h ?? 0) < 0 && c.price24h !== "+0.00%");
      expect(typeof c.marketCap).toBe("number");
      expect(typeof c.volume24h).toBe("number");
    }
    expect(btc?.priceBtc).toBe("1.00000000");
    expect(res.headers.get("cache-control")).toContain("max-age=10");
  });

  it("pages the Top 500 from the snapshot, fromDb=true or not", async () => {
    const { status, body } = await getJson<CryptoPage>("/api/cryptos?page=2&limit=100&fromDb=true");
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ page: 2, limit: 100, totalPages: 5, total: 500 });
    expect(body.data).toHaveLength(100);
    expect(body.data[0]?.rank).toBe(101);
    expect(body.data[99]?.rank).toBe(200);
  });

  it("answers a page's rows with the spec's Coin fields and what a row shows, the same figures as the coin's own answer", async () => {
    const { body } = await getJson<CryptoPage>("/api/cryptos?page=1&limit=100&fromDb=true");
    const row = body.data[0];
    expect(Object.keys(row ?? {}).sort()).toEqual([...CRYPTO_ROW_FIELDS, "sparkline", "sparklineHours"].sort());
    // The spec's Coin (assistant-plans-admin.md §3), every one of its fields.
    const specCoin =
      "symbol name rank imageUrl price priceBtc price1h price24h price7d marketCap volume24h circulatingSupply totalSupply maxSupply lastUpdated isGainer isLoser";
    for (const field of specCoin.split(" ")) expect(row).toHaveProperty(field);
    expect(row).not.toHaveProperty("ath");
    const coin = (await getJson<Crypto>("/api/cryptos/btc")).body;
    for (const key of CRYPTO_ROW_FIELDS) expect(row?.[key]).toEqual(coin[key]);
  });

  it("serves repeated D1 reads from the colo cache with the same body and security headers", async () => {
    const first = await getJson<CryptoPage>("/api/cryptos?page=3&limit=100&fromDb=true");
    const second = await getJson<CryptoPage>("/api/cryptos?page=3&limit=100&fromDb=true");
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(second.res.headers.get("cache-control")).toBe("public, max-age=10");
  });

  it("answers an empty page past the end rather than an error", async () => {
    const { status, body } = await getJson<CryptoPage>("/api/cryptos?page=9&limit=100&fromDb=true");
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.pagination.totalPages).toBe(5);
  });

  it.each([
    "limit=0",
    "limit=501",
    "limit=abc",
    "limit=2.5",
    "page=0&limit=100",
    "page=-1",
    "page=x&limit=100&fromDb=true",
    "fromDb=yes",
    "unknown=1",
  ])("refuses ?%s with the one 400 error body", async (query) => {
    const { status, body } = await getJson<ErrorBody>(`/api/cryptos?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("BAD_REQUEST");
    expect(body.error.requestId).toBeTruthy();
    expect(body.error.issues?.length).toBeGreaterThan(0);
  });
});

describe("gainers and losers", () => {
  it("lists the biggest 24h gainers first, all of them up", async () => {
    const { status, body } = await getJson<Crypto[]>("/api/cryptos/gainers?limit=25");
    expect(status).toBe(200);
    expect(body).toHaveLength(25);
    const changes = body.map((c) => c.change24h ?? 0);
    expect(changes.every((v) => v > 0)).toBe(true);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    expect(body.every((c) => c.price24h.startsWith("+"))).toBe(true);
  });

  it("lists the biggest 24h losers first, all of them down", async () => {
    const { body } = await getJson<Crypto[]>("/api/cryptos/losers?limit=25");
    expect(body).toHaveLength(25);
    const changes = body.map((c) => c.change24h ?? 0);
    expect(changes.every((v) => v < 0)).toBe(true);
    expect([...changes].sort((a, b) => a - b)).toEqual(changes);
  });

  it("covers the whole Top 500: the recording's ranks 251-500, whose volume is not recorded, are in, and the Top 500 sorted by 24 h leads with the same coins", async () => {
    const gainers = (await getJson<Crypto[]>("/api/cryptos/gainers?limit=25")).body;
    expect(gainers.some((g) => g.rank > 250 && g.volume24h == null)).toBe(true);
    const sorted = (await getJson<CryptoPage>("/api/cryptos?page=1&limit=100&sort=change24h&order=desc")).body.data;
    const eligible = sorted.filter((c) => c.volume24h == null || c.volume24h >= MOVERS_MIN_VOLUME_USD);
    expect(eligible.slice(0, 25).map((c) => c.id)).toEqual(gainers.map((g) => g.id));
    const losers = (await getJson<Crypto[]>("/api/cryptos/losers?limit=25")).body;
    const falling = (await getJson<CryptoPage>("/api/cryptos?page=1&limit=100&sort=change24h&order=asc")).body.data;
    expect(
      falling
        .filter((c) => c.volume24h == null || c.volume24h >= MOVERS_MIN_VOLUME_USD)
        .slice(0, 25)
        .map((c) => c.id),
    ).toEqual(losers.map((l) => l.id));
  });

  it("leaves out coins whose recorded 24h volume is negligible, as CoinGecko does, and keeps those whose volume is not recorded", async () => {
    await getJson("/api/cryptos?limit=1");
    const snapshot = await env.KV.get<PriceSnapshot>(PRICES_KEY, "json");
    if (!snapshot) throw new Error("no snapshot");
    // The biggest mover each way, but thinly traded: the list must skip it.
    const thin = (c: Crypto, change24h: number, volume24h: number | null): Crypto => ({ ...c, change24h, volume24h });
    const [a, b, c, d] = snapshot.coins;
    if (!a || !b || !c || !d) throw new Error("too few coins");
    const coins = snapshot.coins.map((coin) =>
      coin.id === a.id
        ? thin(coin, 900, MOVERS_MIN_VOLUME_USD - 1)
        : coin.id === b.id
          ? thin(coin, 800, null)
          : coin.id === c.id
            ? thin(coin, -99, 10)
            : coin.id === d.id
              ? thin(coin, 700, MOVERS_MIN_VOLUME_USD)
              : coin,
    );
    await env.KV.put(PRICES_KEY, JSON.stringify({ ...snapshot, coins }));
    forgetCachedSnapshot();
    const gainers = (await getJson<Crypto[]>("/api/cryptos/gainers?limit=100")).body;
    const losers = (await getJson<Crypto[]>("/api/cryptos/losers?limit=100")).body;
    expect(gainers[0]?.id).toBe(b.id);
    expect(gainers.map((g) => g.id)).not.toContain(a.id);
    expect(gainers[1]?.id).toBe(d.id);
    expect(losers.map((l) => l.id)).not.toContain(c.id);
    expect([...gainers, ...losers].every((m) => m.volume24h == null || m.volume24h >= MOVERS_MIN_VOLUME_USD)).toBe(true);
    await env.KV.put(PRICES_KEY, JSON.stringify(snapshot));
    forgetCachedSnapshot();
  });

  it("defaults to 10 and refuses a bad limit", async () => {
    expect((await getJson<Crypto[]>("/api/cryptos/gainers")).body).toHaveLength(10);
    expect((await getJson("/api/cryptos/losers?limit=0")).status).toBe(400);
    expect((await getJson("/api/cryptos/losers?limit=101")).status).toBe(400);
  });
});

describe("GET /api/cryptos/{symbol}", () => {
  it.each(["btc", "BTC", "Btc"])("finds %s in the snapshot with every coin field", async (symbol) => {
    const { status, body } = await getJson<Crypto>(`/api/cryptos/${symbol}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ symbol: "BTC", name: "Bitcoin", rank: 1, maxSupply: 21_000_000 });
    for (const key of [
      "price1h",
      "price24h",
      "price7d",
      "priceBtc",
      "circulatingSupply",
      "totalSupply",
      "lastUpdated",
      "isGainer",
      "isLoser",
    ]) {
      expect(body).toHaveProperty(key);
    }
  });

  it("answers fromDb=true from the live snapshot too (the coin page refreshes with the price lists); the unpaged list reads the table", async () => {
    // The table's copy told apart from the snapshot's.
    await env.DB.prepare("UPDATE coins SET name = 'Ether (table copy)' WHERE id = 'ethereum'").run();
    const { status, body } = await getJson<Crypto>("/api/cryptos/eth?fromDb=true");
    expect(status).toBe(200);
    expect(body).toMatchObject({ symbol: "ETH", name: "Ethereum", rank: 2 });
    expect(Number(body.priceBtc)).toBeGreaterThan(0);

    const list = await getJson<Crypto[]>("/api/cryptos?fromDb=true&limit=5");
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(list.body[1]?.name).toBe("Ether (table copy)");
  });

  it("marks gainers and losers by a 1% move in 24 hours", async () => {
    const { body } = await getJson<Crypto[]>("/api/cryptos");
    for (const c of body) {
      expect(c.isGainer).toBe((c.change24h ?? 0) >= 1);
      expect(c.isLoser).toBe((c.change24h ?? 0) <= -1);
    }
  });

  it.each(["nosuchcoin", "zzzz?fromDb=true"])("answers 404 for an unknown symbol (%s)", async (path) => {
    const { status, body } = await getJson<ErrorBody>(`/api/cryptos/${path}`);
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
  });

  it.each(["b%20c", "%3Cscript%3E", "a".repeat(33), "btc?fromDb=maybe"])("answers 400 for a malformed request (%s)", async (path) => {
    const { status, body } = await getJson<ErrorBody>(`/api/cryptos/${path}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe("BAD_REQUEST");
  });
});

describe("GET /api/cryptos/symbol-by-name/{name}", () => {
  it("finds a symbol by name, case-insensitively", async () => {
    const { status, body } = await getJson("/api/cryptos/symbol-by-name/ethereum");
    expect(status).toBe(200);
    expect(body).toEqual({ symbol: "ETH", name: "Ethereum" });
  });

  it("answers 404 for an unknown name and 400 for an over-long one", async () => {
    expect((await getJson("/api/cryptos/symbol-by-name/Not%20A%20Coin")).status).toBe(404);
    expect((await getJson(`/api/cryptos/symbol-by-name/${"x".repeat(101)}`)).status).toBe(400);
  });
});

describe("unknown API routes", () => {
  it("answer the one 404 error body", async () => {
    const { status, body } = await getJson<ErrorBody>("/api/nope");
    expect(status).toBe(404);
    expect(body.error.code).toBe("NOT_FOUND");
  });
});

describe("edge-cache keys", () => {
  it("are built from the validated parameters, so spellings of one query share one entry", async () => {
    for (const q of ["page=4&limit=50&fromDb=true", "limit=050&page=4.0&fromDb=true", "fromDb=true&page=04&limit=50"]) {
      expect((await getJson(`/api/cryptos?${q}`)).status).toBe(200);
    }
    const canonical = await caches.default.match(new Request("https://coinsight.test/api/cryptos?page=4&limit=50"));
    expect(canonical).toBeDefined();
    await canonical?.arrayBuffer();
    expect(await caches.default.match(new Request("https://coinsight.test/api/cryptos?limit=050&page=4.0&fromDb=true"))).toBeUndefined();
  });
});
