import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { LiveServerMessage } from "#schema/contracts/live.ts";
import { PRICES_KEY, type PriceSnapshot, priceFeed } from "#worker/features/cryptos/index.ts";
import { getJson } from "#worker/test/http.ts";
import { LIVE_LIMITS } from "./limits.ts";
import type { LiveHub } from "./live-hub.ts";
import { hub, makeRows, makeTick, openLive, TestSocket } from "./test-support.ts";

const open: TestSocket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** A socket straight from the hub, as the route hands it over (address `a`, topics). */
async function connect(topics: string, opts: { address?: string; since?: number } = {}): Promise<TestSocket> {
  const headers: Record<string, string> = { upgrade: "websocket", "x-live-topics": topics, "x-live-address": opts.address ?? "a" };
  if (opts.since !== undefined) headers["x-live-since"] = String(opts.since);
  const res = await hub().fetch("https://live-hub/connect", { headers });
  expect(res.status).toBe(101);
  const socket = new TestSocket(res.webSocket as WebSocket);
  open.push(socket);
  return socket;
}

type Tick = Extract<LiveServerMessage, { type: "tick" }>;

// Ticks of this file go up from here (storage, and so the hub's state, lasts the whole file).
let tickId = 100;
const nextTick = () => ++tickId;

describe("LiveHub fan-out", () => {
  it("sends each topic only its rows: a page of the table, one coin, the strip", async () => {
    const first = nextTick();
    await hub().publish(makeTick(first, makeRows(300, 1)));
    const page1 = await connect("top:1");
    const page3 = await connect("top:3,global");
    const coin = await connect("coin:coin-150");
    // A first connection gets every row of its topics (it cannot know which tick its page's data was).
    const full1 = (await page1.forTick(first, "top:1")) as Tick;
    expect(full1.full).toBe(true);
    expect(full1.rows).toHaveLength(100);
    expect(((await page3.forTick(first, "top:3")) as Tick).rows.map((r) => r.rank)).toEqual(Array.from({ length: 100 }, (_, i) => 201 + i));
    expect(((await coin.forTick(first, "coin:coin-150")) as Tick).rows).toMatchObject([{ id: "coin-150", rank: 150 }]);

    // Three coins move: one on page 1, one on page 2, the watched coin.
    const rows = makeRows(300, 1);
    for (const i of [4, 120, 149])
      rows[i] = { ...rows[i], id: rows[i]?.id ?? "", symbol: rows[i]?.symbol ?? "", priceUsd: 9999, price: "$9,999" };
    const second = nextTick();
    const sent = await hub().publish(makeTick(second, rows));
    expect(sent.changed).toBe(3);

    const t1 = (await page1.forTick(second, "top:1")) as Tick;
    expect(t1).toMatchObject({ prev: first, full: false });
    // Only the changed fields of the changed row (plus its id and symbol).
    expect(t1.rows).toEqual([{ id: "coin-5", symbol: "C5", priceUsd: 9999, price: "$9,999" }]);
    // Page 3 had no change: its readers still hear the tick, with no rows.
    expect(((await page3.forTick(second, "top:3")) as Tick).rows).toEqual([]);
    expect(await page3.forTick(second, "global")).toMatchObject({ type: "global", prev: first, global: { totalMarketCap: second } });
    expect(((await coin.forTick(second, "coin:coin-150")) as Tick).rows).toEqual([
      { id: "coin-150", symbol: "C150", priceUsd: 9999, price: "$9,999" },
    ]);
    // Nobody got another topic's messages.
    expect(page1.messages.every((m) => m.type === "tick" && m.topic === "top:1")).toBe(true);
    expect(coin.messages.every((m) => m.type === "tick" && m.topic === "coin:coin-150")).toBe(true);
  });

  it("tells a coin's old page when it moves to another, so that page reloads", async () => {
    const rows = makeRows(300, 1);
    const t = nextTick();
    await hub().publish(makeTick(t, rows));
    const page1 = await connect("top:1", { since: t });
    const page2 = await connect("top:2", { since: t });
    // Ranks 100 and 101 swap.
    const swapped = rows.map((r) => (r.rank === 100 ? { ...r, rank: 101 } : r.rank === 101 ? { ...r, rank: 100 } : r));
    const next = nextTick();
    await hub().publish(makeTick(next, swapped));
    const ids = (m: LiveServerMessage) => (m as Tick).rows.map((r) => `${r.id}@${r.rank}`).sort();
    expect(ids(await page1.forTick(next, "top:1"))).toEqual(["coin-100@101", "coin-101@100"]);
    expect(ids(await page2.forTick(next, "top:2"))).toEqual(["coin-100@101", "coin-101@100"]);
  });
});

describe("LiveHub hibernation", () => {
  it("keeps topics in tags and the client's allowance in its attachment; state comes back from storage", async () => {
    const t = nextTick();
    await hub().publish(makeTick(t, makeRows(300, 3)));
    const page = await connect("top:2,global", { address: "hib", since: t });
    await runInDurableObject(hub(), async (instance: LiveHub, state) => {
      const sockets = state.getWebSockets("address:hib");
      expect(sockets).toHaveLength(1);
      const ws = sockets[0] as WebSocket;
      expect(state.getTags(ws).sort()).toEqual(["address:hib", "global", "top:2"]);
      expect(ws.deserializeAttachment()).toMatchObject({ address: "hib", count: 0 });
      // What waking from hibernation leaves: no memory, only storage, tags and attachments.
      (instance as unknown as { state: unknown }).state = undefined;
    });
    const rows = makeRows(300, 3);
    rows[150] = { ...(rows[150] as (typeof rows)[number]), change24h: -2, price24h: "-2.00%" };
    const next = nextTick();
    await hub().publish(makeTick(next, rows));
    // Diffed against the stored state: one row, one field pair.
    expect(((await page.forTick(next, "top:2")) as Tick).rows).toEqual([
      { id: "coin-151", symbol: "C151", change24h: -2, price24h: "-2.00%" },
    ]);
    expect(await page.forTick(next, "global")).toMatchObject({ prev: t });
  });
});

describe("resume", () => {
  it("answers a client that missed a tick with what changed since its last one, relative to it", async () => {
    const a = nextTick();
    await hub().publish(makeTick(a, makeRows(300, 5)));
    const page = await connect("top:1,coin:coin-7", { since: a });
    // The client misses tick b (say its tab slept); tick c comes, then it asks since a.
    const b = nextTick();
    const rowsB = makeRows(300, 5);
    rowsB[6] = { ...(rowsB[6] as (typeof rowsB)[number]), priceUsd: 1 };
    await hub().publish(makeTick(b, rowsB));
    const c = nextTick();
    const rowsC = rowsB.map((r) => (r.rank === 9 ? { ...r, priceUsd: 2 } : r));
    await hub().publish(makeTick(c, rowsC));
    page.ws.send(JSON.stringify({ type: "resume", since: a }));
    const resumed = await page.until(() =>
      page.messages.find((m): m is Tick => m.type === "tick" && m.topic === "top:1" && m.prev === a && m.tick === c),
    );
    expect(resumed).toMatchObject({ tick: c, full: false });
    // Both coins that changed after a (in b and in c), whole, so nothing is missing.
    expect(resumed.rows.map((r) => r.id).sort()).toEqual(["coin-7", "coin-9"]);
    expect(resumed.rows[0]).toHaveProperty("rank");
    const coin = await page.until(() =>
      page.messages.find((m): m is Tick => m.type === "tick" && m.topic === "coin:coin-7" && m.prev === a && m.tick === c),
    );
    expect(coin.rows).toMatchObject([{ id: "coin-7", priceUsd: 1 }]);
  });

  it("sends the whole topic when the tick asked for is older than the hub knows", async () => {
    const page = await connect("top:5", { since: 3 });
    const full = await page.until(() => page.messages.find((m): m is Tick => m.type === "tick" && m.topic === "top:5"));
    expect(full).toMatchObject({ full: true, prev: null });
  });
});

describe("limits and bad messages", () => {
  it("closes a socket that sends something other than a resume, with the reason", async () => {
    const s = await connect("global", { address: "bad" });
    s.ws.send("hello");
    expect(await s.whenClosed()).toMatchObject({ code: 1008 });
    expect(s.messages.at(-1)).toMatchObject({ type: "error", code: "BAD_REQUEST" });
    const t = await connect("global", { address: "bad" });
    t.ws.send(JSON.stringify({ type: "subscribe", topics: ["coin:made-up"] }));
    expect(await t.whenClosed()).toMatchObject({ code: 1008 });
  });

  it("closes with 1009 on an oversized message and 1008 past the message rate", async () => {
    const big = await connect("global", { address: "big" });
    big.ws.send(JSON.stringify({ type: "resume", since: 1, pad: "x".repeat(400) }));
    expect(await big.whenClosed()).toMatchObject({ code: 1009 });
    expect(big.messages.at(-1)).toMatchObject({ type: "error", code: "PAYLOAD_TOO_LARGE" });

    const chatty = await connect("global", { address: "chatty" });
    for (let i = 0; i <= LIVE_LIMITS.messagesPerMinute; i++) chatty.ws.send(JSON.stringify({ type: "resume", since: 1 }));
    expect(await chatty.whenClosed()).toMatchObject({ code: 1008 });
    expect(chatty.messages.at(-1)).toMatchObject({ type: "error", code: "RATE_LIMITED" });
  });

  it("answers ping with pong without the object's handler", async () => {
    const s = await connect("global", { address: "ping" });
    s.ws.send("ping");
    expect(await s.until(() => s.pongs)).toBe(1);
    expect(s.closed).toBeNull();
  });

  it("caps sockets per address with 429 and the one error body", async () => {
    const sockets = [];
    for (let i = 0; i < LIVE_LIMITS.socketsPerAddress; i++) sockets.push(await connect("global", { address: "crowd" }));
    const res = await hub().fetch("https://live-hub/connect", {
      headers: { upgrade: "websocket", "x-live-topics": "global", "x-live-address": "crowd", "x-request-id": "r1" },
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ error: { code: "RATE_LIMITED", requestId: "r1" } });
  });
});

describe("GET /api/live", () => {
  it("upgrades a same-origin page's request and refuses everything else with the one error body", async () => {
    const ok = await openLive("topics=global,top:1");
    expect(ok.res.status).toBe(101);
    if (ok.socket) open.push(ok.socket);

    const noUpgrade = await getJson<{ error: { code: string } }>("/api/live?topics=global");
    expect(noUpgrade.status).toBe(400);
    const foreign = await openLive("topics=global", { origin: "https://evil.example" });
    expect(foreign.res.status).toBe(403);
    const noOrigin = await openLive("topics=global", { origin: "" });
    expect(noOrigin.res.status).toBe(403);
    const crawler = await openLive("topics=global", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" });
    expect(crawler.res.status).toBe(403);
    expect(await crawler.res.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  });

  it("caps a real address through the route, and counts each loopback socket alone (local runs share one address)", async () => {
    for (let i = 0; i < LIVE_LIMITS.socketsPerAddress; i++) {
      const { res, socket } = await openLive("topics=global", { "cf-connecting-ip": "203.0.113.9" });
      expect(res.status).toBe(101);
      if (socket) open.push(socket);
    }
    const refused = await openLive("topics=global", { "cf-connecting-ip": "203.0.113.9" });
    expect(refused.res.status).toBe(429);
    expect(await refused.res.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    const local = await openLive("topics=global", { "cf-connecting-ip": "127.0.0.1" });
    for (let i = 0; i < LIVE_LIMITS.socketsPerAddress; i++) {
      const { res, socket } = await openLive("topics=global", { "cf-connecting-ip": "127.0.0.1" });
      expect(res.status).toBe(101);
      if (socket) open.push(socket);
    }
    if (local.socket) open.push(local.socket);
  });

  it("accepts only the closed set of topics", async () => {
    for (const q of [
      "topics=top:6",
      "topics=news",
      "topics=",
      "topics=global&extra=1",
      `topics=${Array.from({ length: 9 }, (_, i) => `top:${(i % 5) + 1},coin:c${i}`).join(",")}`,
    ]) {
      const { res } = await openLive(q);
      expect(res.status, q).toBe(400);
    }
    // A well-formed coin the site does not track.
    await env.KV.put(PRICES_KEY, JSON.stringify(snapshotOf(["bitcoin"])));
    const { res } = await openLive("topics=coin:made-up-coin");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { issues: [{ message: "coin:made-up-coin is not a tracked coin" }] } });
  });
});

describe("the price feed's tick", () => {
  it("reaches a coin page's socket with the feed's tick id", async () => {
    const feed = priceFeed(env);
    expect((await feed.refresh()).ok).toBe(true);
    const { socket } = await openLive("topics=coin:bitcoin,global");
    if (!socket) throw new Error("no socket");
    open.push(socket);
    const moved = await runInDurableObject(feed, async (f: import("#worker/features/cryptos/index.ts").PriceFeedBase, state) => {
      await state.storage.deleteAlarm();
      const r = await f.movePrice("bitcoin", 1.1);
      return { tick: await state.storage.get<number>("tick"), price: r.snapshot?.coins.find((c) => c.id === "bitcoin")?.priceUsd };
    });
    const m = (await socket.forTick(moved.tick ?? -1, "coin:bitcoin")) as Tick;
    expect(m.rows[0]).toMatchObject({ id: "bitcoin", priceUsd: moved.price });
    expect(m.prev).toBe((moved.tick ?? 0) - 1);
  });
});

function snapshotOf(ids: string[]): PriceSnapshot {
  return { updatedAt: new Date().toISOString(), source: "test", coins: ids.map((id, i) => ({ ...makeCoin(), id, rank: i + 1 })) };
}

function makeCoin() {
  return {
    id: "x",
    rank: 1,
    name: "X",
    symbol: "X",
    imageUrl: "",
    price: "$1.00",
    priceUsd: 1,
    priceBtc: "0",
    price1h: "0.00%",
    price24h: "0.00%",
    price7d: "0.00%",
    change1h: 0,
    change24h: 0,
    change7d: 0,
    marketCap: 1,
    volume24h: 1,
    circulatingSupply: null,
    totalSupply: null,
    maxSupply: null,
    fullyDilutedValuation: null,
    high24h: null,
    low24h: null,
    ath: null,
    athDate: null,
    atl: null,
    atlDate: null,
    lastUpdated: new Date().toISOString(),
    isGainer: false,
    isLoser: false,
  };
}
