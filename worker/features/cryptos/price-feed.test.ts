import {
  createExecutionContext,
  createScheduledController,
  env,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { CRONS } from "#worker/cron/scheduled.ts";
import { armedOf, makeAlert, makeMember } from "#worker/features/alerts/test-support.ts";
import worker from "#worker/index.ts";
import type { MarketDataPort } from "#worker/ports/market/market-data.ts";
import { UpstreamError } from "#worker/ports/port.ts";
import { getJson } from "#worker/test/http.ts";
import { PRICES_KEY, PRICES_STATUS_KEY } from "./cache-keys.ts";
import { priceFeed, REFRESH_MS } from "./feed.ts";
import type { PriceFeedBase } from "./price-feed.ts";
import type { PriceSnapshot } from "./price-snapshot.ts";
import { HISTORY_BUCKET_S, historyBucket } from "./price-store.ts";

const failing: MarketDataPort = {
  source: "failing-test-source",
  fetchTop: () => Promise.reject(new UpstreamError("CoinGecko answered 503 for page 1", 503)),
};

async function snapshot(): Promise<PriceSnapshot | null> {
  return env.KV.get<PriceSnapshot>(PRICES_KEY, "json");
}

describe("PriceFeed", () => {
  // A test that armed the loop leaves its alarm behind, and on a loaded machine it fired inside the
  // next test (whose refresh then joined the alarm's, from the real source): each test starts with
  // the loop stopped and no refresh in flight.
  beforeEach(() =>
    runInDurableObject(priceFeed(env), async (feed: PriceFeedBase, state) => {
      await state.storage.deleteAlarm();
      await feed["inflight"];
    }),
  );

  it("publishes a KV snapshot, the latest D1 rows and a history point on refresh", async () => {
    const result = await priceFeed(env).refresh();
    expect(result.ok).toBe(true);
    const snap = await snapshot();
    expect(snap?.coins).toHaveLength(500);
    expect(snap?.source).toBe("offline");
    const coins = await env.DB.prepare("SELECT count(*) AS n FROM coins").first<{ n: number }>();
    expect(coins?.n).toBe(500);
    const points = await env.DB.prepare("SELECT count(DISTINCT coin_id) AS n FROM price_history").first<{ n: number }>();
    expect(points?.n).toBe(500);
  });

  it("writes history once per 5-minute bucket, not on every tick", async () => {
    const stub = priceFeed(env);
    const bucket = historyBucket(Date.now());
    await env.DB.prepare("DELETE FROM price_history WHERE ts >= ?")
      .bind(bucket - HISTORY_BUCKET_S)
      .run();
    // This bucket is already written: a tick refreshes the latest rows but adds no history point.
    await runInDurableObject(stub, async (feed: PriceFeedBase, state) => {
      feed["historyWritten"] = null;
      await state.storage.put("historyBucket", bucket);
    });
    expect((await stub.refresh()).ok).toBe(true);
    const none = await env.DB.prepare("SELECT count(*) AS n FROM price_history WHERE ts >= ?").bind(bucket).first<{ n: number }>();
    expect(none?.n).toBe(0);
    // A new bucket: the first tick in it writes one point per coin.
    await runInDurableObject(stub, async (feed: PriceFeedBase, state) => {
      feed["historyWritten"] = null;
      await state.storage.put("historyBucket", bucket - HISTORY_BUCKET_S);
    });
    expect((await stub.refresh()).ok).toBe(true);
    const one = await env.DB.prepare("SELECT count(*) AS n, min(ts) AS ts FROM price_history WHERE ts >= ?")
      .bind(bucket)
      .first<{ n: number; ts: number }>();
    expect(one?.n).toBe(500);
  });

  it("inside a bucket, moves the snapshot, not the coins table, and alerts still see the tick's price", async () => {
    const stub = priceFeed(env);
    const bucket = historyBucket(Date.now());
    const tableBtc = () => env.DB.prepare("SELECT price FROM coins WHERE id = 'bitcoin'").first<{ price: number }>();
    const liveBtc = async () => (await snapshot())?.coins.find((c) => c.id === "bitcoin")?.priceUsd;
    const setBucket = (b: number) =>
      runInDurableObject(stub, async (feed: PriceFeedBase, state) => {
        feed["historyWritten"] = null;
        await state.storage.put("historyBucket", b);
      });
    await setBucket(bucket - HISTORY_BUCKET_S);
    expect((await stub.refresh()).ok).toBe(true);
    const written = (await tableBtc())?.price;
    expect(written).toBe(await liveBtc());

    // A member's alert just above the price: the next tick, inside the bucket, moves bitcoin 5 % up.
    const member = await makeMember();
    const alert = await makeAlert(member.id, { kind: "price_above", threshold: (written ?? 0) * 1.02 });
    await runInDurableObject(stub, (feed: PriceFeedBase) => feed.movePrice("bitcoin", 1.05));
    expect(await liveBtc()).toBeGreaterThan((written ?? 0) * 1.02);
    expect((await tableBtc())?.price).toBe(written);
    expect(await armedOf(alert)).toBe(false);

    // The next bucket's first tick writes the table's figures.
    await setBucket(bucket - HISTORY_BUCKET_S);
    expect((await stub.refresh()).ok).toBe(true);
    expect((await tableBtc())?.price).toBe(await liveBtc());
  });

  it("arms a 30-second alarm loop that refreshes and re-arms itself", async () => {
    const stub = priceFeed(env);
    const before = Date.parse((await snapshot())?.updatedAt ?? "");
    expect(await stub.ensureRunning()).toBe(true);
    expect(await stub.ensureRunning()).toBe(false);
    // The alarm is due in 100 ms: run it now, unless a loaded machine already ran it.
    await runDurableObjectAlarm(stub);
    await expect.poll(async () => Date.parse((await snapshot())?.updatedAt ?? "")).toBeGreaterThan(before);
    const ranAt = Date.parse((await snapshot())?.updatedAt ?? "");
    const next = await runInDurableObject(stub, (_feed: PriceFeedBase, state) => state.storage.getAlarm());
    // Re-armed after the refresh it ran: 30 s after that refresh began, at most 30 s from now.
    expect(next).not.toBeNull();
    expect((next ?? 0) - ranAt).toBeGreaterThanOrEqual(REFRESH_MS);
    expect((next ?? 0) - Date.now()).toBeLessThanOrEqual(REFRESH_MS);
  });

  it("keeps serving the last good snapshot when the source fails, and records the failure", async () => {
    const stub = priceFeed(env);
    const good = await snapshot();
    await runInDurableObject(stub, (feed: PriceFeedBase) => feed.useSource(failing));
    const result = await stub.refresh();
    expect(result.ok).toBe(false);
    expect(await snapshot()).toEqual(good);
    const status = await stub.status();
    expect(status).toMatchObject({ source: "failing-test-source", consecutiveFailures: 1, lastError: "CoinGecko answered 503 for page 1" });
    expect(JSON.parse((await env.KV.get(PRICES_STATUS_KEY)) ?? "{}")).toMatchObject({ consecutiveFailures: 1 });

    // The API keeps answering the full table from the kept snapshot.
    const { status: code, body } = await getJson<unknown[]>("/api/cryptos");
    expect(code).toBe(200);
    expect(body).toHaveLength(500);

    // A failing alarm still re-arms the loop (run now, unless a loaded machine already ran it).
    await stub.ensureRunning();
    await runDurableObjectAlarm(stub);
    await expect.poll(async () => (await stub.status()).consecutiveFailures).toBe(2);
    expect(await runInDurableObject(stub, (_f: PriceFeedBase, s) => s.storage.getAlarm())).not.toBeNull();
  });

  it("refuses a suspiciously short answer instead of blanking the table", async () => {
    const stub = priceFeed(env);
    const good = await snapshot();
    await runInDurableObject(stub, (feed: PriceFeedBase) =>
      feed.useSource({
        source: "short",
        fetchTop: async () => good?.coins.slice(0, 3).map((c) => ({ ...c, symbol: c.symbol.toLowerCase(), price: c.priceUsd })) ?? [],
      }),
    );
    const result = await stub.refresh();
    expect(result.ok).toBe(false);
    expect((await snapshot())?.coins).toHaveLength(500);
  });
});

async function runCron(cron: string, scheduledTime: number) {
  const ctx = createExecutionContext();
  worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("cron", () => {
  it("re-arms a stopped feed every minute", async () => {
    const stub = priceFeed(env);
    await runInDurableObject(stub, (_f: PriceFeedBase, s) => s.storage.deleteAlarm());
    await runCron(CRONS.everyMinute, Date.now());
    expect(await runInDurableObject(stub, (_f: PriceFeedBase, s) => s.storage.getAlarm())).not.toBeNull();
  });

  it("rolls price history up nightly: hourly after 2 days, daily after 90", async () => {
    const now = Date.parse("2026-11-22T03:00:00Z");
    const s = now / 1000;
    const rows: [number][] = [
      [s - 3600], // recent, kept
      [s - 3 * 86_400 + 300], // 3 days old, off the hour: removed
      [s - 3 * 86_400 - (s % 3600)], // 3 days old, on the hour: kept
      [s - 100 * 86_400 + 3600], // 100 days old, off the day: removed
      [s - 100 * 86_400 - (s % 86_400)], // 100 days old, on the day: kept
    ];
    await env.DB.prepare("DELETE FROM price_history WHERE coin_id = 'rollup-test'").run();
    for (const [ts] of rows) {
      await env.DB.prepare("INSERT INTO price_history (coin_id, ts, price) VALUES ('rollup-test', ?, 1)").bind(ts).run();
    }
    await runCron(CRONS.nightly, now);
    const left = await env.DB.prepare("SELECT ts FROM price_history WHERE coin_id = 'rollup-test' ORDER BY ts").all<{ ts: number }>();
    expect(left.results.map((r) => r.ts)).toEqual([rows[4]?.[0], rows[2]?.[0], rows[0]?.[0]]);
  });
});
