import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CryptoPage } from "#schema/contracts/crypto.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { getJson } from "#worker/test/http.ts";
import { forgetCachedSnapshot, PRICES_KEY, type PriceSnapshot } from "./price-snapshot.ts";
import { SPARKLINE_KEY, SPARKLINE_SLOT_S, SPARKLINE_SLOTS } from "./sparklines.ts";

type Row = CryptoPage["data"][number];

async function all(query: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page <= 5; page++) {
    const { status, body } = await getJson<CryptoPage>(`/api/cryptos?page=${page}&limit=100&fromDb=true&${query}`);
    expect(status).toBe(200);
    rows.push(...body.data);
  }
  return rows;
}

beforeAll(async () => {
  await getJson("/api/cryptos?limit=1"); // publishes the first snapshot
  // Unknown figures, as the lower ranks of the offline data carry them, in the snapshot the pages are sorted from.
  const snapshot = await env.KV.get<PriceSnapshot>(PRICES_KEY, "json");
  if (!snapshot) throw new Error("no snapshot");
  const coins = snapshot.coins.map((c) => (c.rank >= 490 ? { ...c, change1h: null, change24h: null } : c));
  await env.KV.put(PRICES_KEY, JSON.stringify({ ...snapshot, coins }));
  forgetCachedSnapshot();
});

describe("GET /api/cryptos?page=&sort=&order=", () => {
  it("sorts by 24h change across all 500 coins (the offline data's real coins), not page by page, with unknowns last", async () => {
    const rows = await all("sort=change24h&order=desc");
    expect(rows).toHaveLength(500);
    const known = rows.filter((r) => r.change24h != null).map((r) => r.change24h as number);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(rows.slice(-11).every((r) => r.change24h == null)).toBe(true);
    expect(new Set(rows.map((r) => r.id)).size).toBe(500);
    const up = await all("sort=change24h&order=asc");
    expect(up[0]?.change24h).toBe(known.at(-1));
    expect(up.slice(-11).every((r) => r.change24h == null)).toBe(true);
  });

  it("sorts by every column the table offers", async () => {
    const page = async (q: string) => (await getJson<CryptoPage>(`/api/cryptos?page=1&limit=100&fromDb=true&${q}`)).body.data;
    const prices = (await page("sort=price")).map((r) => r.priceUsd);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const caps = (await page("sort=marketCap&order=asc")).map((r) => r.marketCap);
    expect(caps).toEqual([...caps].sort((a, b) => a - b));
    const names = (await page("sort=name")).map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await page("sort=rank&order=desc"))[0]?.rank).toBe(500);
    const oneHour = (await page("sort=change1h")).map((r) => r.change1h);
    expect(oneHour.every((v) => v != null)).toBe(true);
    const volume = (await page("sort=volume24h")).map((r) => r.volume24h as number);
    expect(volume).toEqual([...volume].sort((a, b) => b - a));
    const week = (await page("sort=change7d")).map((r) => r.change7d as number);
    expect(week).toEqual([...week].sort((a, b) => b - a));
  });

  it("keeps rank order by default and refuses unknown sort keys", async () => {
    const { body } = await getJson<CryptoPage>("/api/cryptos?page=2&limit=100&fromDb=true");
    expect(body.data[0]?.rank).toBe(101);
    for (const q of ["sort=hype", "order=up", "sort="]) {
      const bad = await getJson<ErrorBody>(`/api/cryptos?page=1&limit=100&fromDb=true&${q}`);
      expect(bad.status, q).toBe(400);
      expect(bad.body.error.code).toBe("BAD_REQUEST");
    }
  });

  it("serves each row's 7-day sparkline with the list, from the KV copy, only where recorded prices cover the 7 days", async () => {
    const now = Math.floor(Date.now() / 1000);
    const slot = Math.floor(now / SPARKLINE_SLOT_S) * SPARKLINE_SLOT_S;
    const put = async (id: string, points: [number, number][]) => {
      await env.DB.prepare("DELETE FROM price_history WHERE coin_id = ?").bind(id).run();
      for (const [back, price] of points) {
        await env.DB.prepare("INSERT INTO price_history (coin_id, ts, price) VALUES (?, ?, ?)")
          .bind(id, slot - back * SPARKLINE_SLOT_S, price)
          .run();
      }
    };
    // A price a day for the whole week (slots 6 apart), and one older than the window, which is left out.
    await put("ethereum", [[60, 1], ...[42, 36, 30, 24, 18, 12, 6, 3, 0].map((back) => [back, 3000 + back] as [number, number])]);
    // What the recording has for ranks 251-500: 7 days and 24 hours before, then the recording.
    await put("solana", [
      [42, 150],
      [6, 140],
      [0, 145],
    ]);
    // Twice a day from 12 hours into the week; XRP also holds the price 8 hours before the week's first slot.
    const twiceDaily = [39, 36, 33, 30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0].map((back) => [back, 2 + back / 100] as [number, number]);
    await put("ripple", [[44, 2.5], ...twiceDaily]);
    await put("dogecoin", twiceDaily);
    await env.KV.delete(SPARKLINE_KEY);
    const { body } = await getJson<CryptoPage>("/api/cryptos?page=1&limit=100&fromDb=true&sort=rank&order=asc");
    // The price before the week carries XRP's line into it, undrawn; without it the week starts late.
    const xrp = body.data.find((r) => r.id === "ripple");
    expect(xrp?.sparkline?.slice(0, 4)).toEqual([null, null, null, 2.39]);
    expect(xrp?.sparklineHours).toBe(168);
    expect(body.data.find((r) => r.id === "dogecoin")?.sparkline).toBeNull();
    const eth = body.data.find((r) => r.id === "ethereum");
    expect(eth?.sparkline).toHaveLength(SPARKLINE_SLOTS);
    expect(eth?.sparkline?.[SPARKLINE_SLOTS - 43]).toBe(3042);
    expect(eth?.sparkline?.[SPARKLINE_SLOTS - 1]).toBe(3000);
    expect(eth?.sparkline?.filter((p) => p != null)).toHaveLength(9);
    expect(eth?.sparklineHours).toBe(168);
    // Six days without a price: no line, and the day the recorded prices do cover.
    const sol = body.data.find((r) => r.id === "solana");
    expect(sol?.sparkline).toBeNull();
    expect(sol?.sparklineHours).toBeGreaterThanOrEqual(24);
    expect(sol?.sparklineHours).toBeLessThan(30);
    expect(await env.KV.get(SPARKLINE_KEY)).not.toBeNull();
  });
});
