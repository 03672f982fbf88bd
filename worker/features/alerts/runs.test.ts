import { createExecutionContext, createScheduledController, env, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CRONS } from "#worker/cron/scheduled.ts";
import { formatPrice, type PriceFeedBase, priceFeed } from "#worker/features/cryptos/index.ts";
import { forgetCachedSnapshot } from "#worker/features/cryptos/test-support.ts";
import { eventually } from "#worker/features/newsletter/test-support.ts";
import { listOutbox } from "#worker/features/outbox/index.ts";
import worker from "#worker/index.ts";
import { createOfflineMarketData } from "#worker/ports/market/offline.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { db, eventsOf, makeAlert, makeMember, watchWithDigest } from "./test-support.ts";

/** The mails the queue's consumer has sent to an address so far (it delivers within about a second of the tick). */
const mailsTo = async (to: string) => (await listOutbox(db(), { channel: "email", limit: 200 })).filter((m) => m.recipient === to);
/** Waits until at least `n` mails reached an address through the queue. */
const mailed = (to: string, n: number) =>
  eventually(
    () => mailsTo(to),
    (m) => m.length >= n,
  );

async function ethPrice(): Promise<number> {
  forgetCachedSnapshot();
  const snap = await env.KV.get<{ coins: { id: string; priceUsd: number }[] }>("prices:latest", "json");
  return snap?.coins.find((c) => c.id === "ethereum")?.priceUsd ?? 0;
}

describe("alerts on the PriceFeed tick", () => {
  it("a refresh that crosses an alert records it and mails it, once", async () => {
    const m = await makeMember("feed-hook@example.com");
    const stub = priceFeed(env);
    expect((await stub.refresh()).ok).toBe(true);
    const now = await ethPrice();
    await makeAlert(m.id, { kind: "price_above", threshold: now * 1.2, coinId: "ethereum", symbol: "ETH" });
    // A source whose Ethereum jumps 25 %.
    const offline = createOfflineMarketData();
    await runInDurableObject(stub, (feed: PriceFeedBase) =>
      feed.useSource({
        source: "offline",
        fetchTop: async (count, previous) =>
          (await offline.fetchTop(count, previous)).map((c) => (c.id === "ethereum" ? { ...c, price: now * 1.25 } : c)),
      }),
    );
    expect((await stub.refresh()).ok).toBe(true);
    expect((await stub.refresh()).ok).toBe(true);
    const events = await eventsOf(m.id);
    expect(events.map((e) => e.title)).toEqual([`ETH rose above ${formatPrice(now * 1.2)}`]);
    expect(await mailed(m.email, 1)).toHaveLength(1);
    await runInDurableObject(stub, (feed: PriceFeedBase) => feed.useSource(offline));
  });

  it("the local move-price helper moves the site's price and ticks (404 in production)", async () => {
    const m = await makeMember("move-price@example.com");
    const stub = priceFeed(env);
    await stub.refresh();
    const before = await ethPrice();
    await makeAlert(m.id, { kind: "price_below", threshold: before * 0.95, coinId: "ethereum", symbol: "ETH" });
    const agent = new BrowserAgent();
    const move = (percent: number, a = agent) =>
      a.json<{ symbol: string; price: number; fired: number }>("/api/dev/alerts/move-price", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ symbol: "eth", percent }),
      });
    const moved = await move(-10);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ symbol: "ETH", fired: 1 });
    expect(moved.body.price / before).toBeGreaterThan(0.88);
    expect(moved.body.price / before).toBeLessThan(0.92);
    expect(await ethPrice()).toBe(moved.body.price);
    expect((await move(60)).status).toBe(400);
    expect((await move(1, new BrowserAgent({ APP_ENV: "production" }))).status).toBe(404);
    await move(11);
  });
});

describe("the every-minute cron", () => {
  it("sends the digests that are due", async () => {
    const m = await makeMember("cron-digest@example.com");
    await watchWithDigest(m.id, [["BTC", "Bitcoin", "bitcoin"]], "daily", new Date().toISOString());
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ cron: CRONS.everyMinute, scheduledTime: Date.now() + 1000 }), env, ctx);
    await waitOnExecutionContext(ctx);
    const [digest] = await mailed(m.email, 1);
    expect(digest?.subject).toMatch(/^Your daily watchlist digest, /);
    expect(digest?.text).toContain("BTC · Bitcoin");
  });
});
