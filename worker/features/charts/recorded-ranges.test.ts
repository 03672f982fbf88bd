import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { History } from "#schema/contracts/charts.ts";
import { getJson } from "#worker/test/http.ts";
import { recordedOf } from "./history.service.ts";

const DAY = 86_400;

async function point(coin: string, ts: number, price: number) {
  await env.DB.prepare("INSERT OR REPLACE INTO price_history (coin_id, ts, price) VALUES (?, ?, ?)").bind(coin, ts, price).run();
}

describe("chart ranges say whether recorded prices reach their start", () => {
  const t = Math.floor(Date.now() / 1000);
  beforeAll(async () => {
    await getJson("/api/cryptos?limit=1"); // publishes the snapshot
    // What the recording holds for ranks 251-500: prices 7 days and 24 hours before the recording, the
    // recording 41 minutes before now, then the feed's modelled prices every 5 minutes.
    await env.DB.prepare("DELETE FROM price_history WHERE coin_id = 'ethereum'").run();
    const recorded = t - 41 * 60;
    await point("ethereum", recorded - 7 * DAY, 2756);
    await point("ethereum", recorded - DAY, 2731);
    await point("ethereum", recorded, 2670);
    for (let m = 35; m > 0; m -= 5) await point("ethereum", t - m * 60, 2670 + m);
  });

  it("24H: the line enters from the price 24 hours before the recording, so the range is recorded", async () => {
    const { body } = await getJson<History>("/api/cryptos/eth/history?range=24h");
    expect(body.points[0]).toEqual([t - 41 * 60 - DAY, 2731]);
    expect(body.recorded).toEqual({ complete: true, from: t - 41 * 60 - DAY });
  });

  it("7D: six days without a price are not crossed, so the range is not drawn; the answer says the prices run from a day ago", async () => {
    const { body } = await getJson<History>("/api/cryptos/eth/history?range=7d");
    expect(body.points[0]?.[0]).toBe(t - 41 * 60 - DAY);
    expect(body.recorded).toEqual({ complete: false, from: t - 41 * 60 - DAY });
  });

  it("1Y: not recorded either; the prices it has run from 7 days ago; Max draws all there is", async () => {
    const year = await getJson<History>("/api/cryptos/eth/history?range=1y");
    expect(year.body.recorded.complete).toBe(false);
    expect(year.body.recorded.from).toBe(year.body.points[0]?.[0]);
    const max = await getJson<History>("/api/cryptos/eth/history?range=max");
    expect(max.body.recorded).toEqual({ complete: true, from: t - 41 * 60 - 7 * DAY });
  });
});

describe("recordedOf", () => {
  it("needs two points, the first within a step and a half of the range's start", () => {
    expect(recordedOf([], 0, 300)).toEqual({ complete: false, from: null });
    expect(recordedOf([[0, 1]], 0, 300)).toEqual({ complete: false, from: 0 });
    expect(
      recordedOf(
        [
          [450, 1],
          [900, 2],
        ],
        0,
        300,
      ),
    ).toEqual({ complete: true, from: 450 });
    expect(
      recordedOf(
        [
          [451, 1],
          [900, 2],
        ],
        0,
        300,
      ),
    ).toEqual({ complete: false, from: 451 });
    expect(
      recordedOf(
        [
          [5_000, 1],
          [9_000, 2],
        ],
        null,
        300,
      ),
    ).toEqual({ complete: true, from: 5_000 });
  });
});
