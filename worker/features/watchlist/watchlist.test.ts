import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AuthUser } from "#schema/contracts/auth.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { WATCHLIST_CAP, type WatchlistChange, type WatchlistCheck, type WatchlistEntry } from "#schema/contracts/watchlist.ts";
import { watchlist } from "#schema/db/accounts.ts";
import { getDb } from "#worker/lib/db.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

async function member(email: string): Promise<BrowserAgent> {
  const agent = new BrowserAgent();
  await agent.signInOffline(email, "Member");
  return agent;
}

function add(agent: BrowserAgent, cryptoSymbol: string, cryptoName = "Whatever") {
  return agent.json<WatchlistChange & ErrorBody>("/api/watchlist/add", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cryptoSymbol, cryptoName }),
  });
}

const remove = (agent: BrowserAgent, symbol: string) =>
  agent.json<WatchlistChange & ErrorBody>(`/api/watchlist/remove/${symbol}`, { method: "DELETE" });
const check = (agent: BrowserAgent, symbol: string) => agent.json<WatchlistCheck>(`/api/watchlist/check/${symbol}`);
const list = (agent: BrowserAgent) => agent.json<WatchlistEntry[]>("/api/watchlist");

describe("watchlist", () => {
  it("refuses every call when signed out", async () => {
    const guest = new BrowserAgent();
    expect((await list(guest)).status).toBe(401);
    expect((await check(guest, "BTC")).status).toBe(401);
    expect((await add(guest, "BTC")).status).toBe(401);
    expect((await remove(guest, "BTC")).status).toBe(401);
  });

  it("adds known coins with their own names, lists them by market cap rank with today's figures, checks and removes", async () => {
    const agent = await member("collector@example.com");
    expect((await list(agent)).body).toEqual([]);
    expect((await check(agent, "btc")).body).toEqual({ inWatchlist: false });

    await add(agent, "ETH", "Ethereum");
    const added = await add(agent, "btc", "Bitcoin (typed by the client)");
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ success: true, inWatchlist: true, changed: true, cryptoSymbol: "BTC" });

    // By rank, whatever the order they were added in: Bitcoin (#1) before Ethereum, added first.
    const { body: entries } = await list(agent);
    expect(entries.map((e) => e.cryptoSymbol)).toEqual(["BTC", "ETH"]);
    expect(entries[0]?.cryptoName).toBe("Bitcoin");
    const coin = entries[0]?.coin as Crypto;
    expect(coin).toMatchObject({ symbol: "BTC", name: "Bitcoin", rank: 1 });
    expect(coin.price).toMatch(/^\$/);

    expect((await check(agent, "BTC")).body).toEqual({ inWatchlist: true });
    expect((await check(agent, "btc")).body).toEqual({ inWatchlist: true });

    const removed = await remove(agent, "btc");
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, inWatchlist: false, changed: true, cryptoSymbol: "BTC" });
    expect((await check(agent, "BTC")).body).toEqual({ inWatchlist: false });
    expect((await list(agent)).body.map((e) => e.cryptoSymbol)).toEqual(["ETH"]);
  });

  it("lists by the snapshot's market cap rank, then coins that left the Top 500 by name", async () => {
    const agent = await member("ranked@example.com");
    const me = (await agent.json<AuthUser>("/api/auth/user")).body;
    const { body: top } = await agent.json<Crypto[]>("/api/cryptos?limit=60");
    const pick = (i: number) => top[i] as Crypto;
    const [first, tenth, fiftieth] = [pick(0), pick(9), pick(49)];
    for (const c of [tenth, fiftieth, first]) await add(agent, c.symbol);
    // Two coins no longer in the list (stored as they were when added), added between the others.
    await getDb(env.DB)
      .insert(watchlist)
      .values([
        { userId: me.id, cryptoSymbol: "ZGONE", cryptoName: "Zeta Gone", cryptoId: "zeta-gone" },
        { userId: me.id, cryptoSymbol: "AGONE", cryptoName: "alpha Gone", cryptoId: "alpha-gone" },
      ]);
    const { body } = await list(agent);
    expect(body.map((e) => [e.cryptoSymbol, e.coin?.rank ?? null])).toEqual([
      [first.symbol, first.rank],
      [tenth.symbol, tenth.rank],
      [fiftieth.symbol, fiftieth.rank],
      ["AGONE", null],
      ["ZGONE", null],
    ]);
  });

  it("adding twice and removing twice are harmless", async () => {
    const agent = await member("repeat-adder@example.com");
    expect((await add(agent, "SOL")).status).toBe(201);
    const again = await add(agent, "sol");
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ inWatchlist: true, changed: false });
    expect((await list(agent)).body).toHaveLength(1);
    await remove(agent, "SOL");
    const gone = await remove(agent, "SOL");
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ inWatchlist: false, changed: false });
  });

  it("keeps two members' lists apart: neither can read or change the other's", async () => {
    const alice = await member("alice@example.com");
    const bob = await member("bob@example.com");
    await add(alice, "BTC");
    await add(alice, "DOGE");
    await add(bob, "ETH");

    expect((await list(alice)).body.map((e) => e.cryptoSymbol).sort()).toEqual(["BTC", "DOGE"]);
    expect((await list(bob)).body.map((e) => e.cryptoSymbol)).toEqual(["ETH"]);
    expect((await check(bob, "BTC")).body.inWatchlist).toBe(false);

    // Bob removing BTC changes nothing for Alice.
    expect((await remove(bob, "BTC")).body.changed).toBe(false);
    expect((await check(alice, "BTC")).body.inWatchlist).toBe(true);

    // Request fields naming another member are not accepted, let alone used.
    const aliceId = (await alice.json<AuthUser>("/api/auth/user")).body.id;
    const smuggled = await bob.json<ErrorBody>("/api/watchlist/add", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ cryptoSymbol: "XRP", cryptoName: "XRP", userId: aliceId }),
    });
    expect(smuggled.status).toBe(400);
    expect((await list(alice)).body.map((e) => e.cryptoSymbol)).not.toContain("XRP");
    expect((await bob.json<unknown>(`/api/watchlist?userId=${aliceId}`)).body).toEqual((await list(bob)).body);
  });

  it("takes coins whose symbol is not in Latin letters", async () => {
    const agent = await member("unicode@example.com");
    const symbol = "币安人生";
    expect((await add(agent, symbol)).status).toBe(201);
    expect((await check(agent, encodeURIComponent(symbol))).body.inWatchlist).toBe(true);
    expect((await remove(agent, encodeURIComponent(symbol))).body.changed).toBe(true);
  });

  it("refuses unknown coins with 404 and stores nothing", async () => {
    const agent = await member("typo@example.com");
    const res = await add(agent, "NOTACOIN");
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect((await list(agent)).body).toEqual([]);
  });

  it.each([
    ["an empty body", ""],
    ["malformed JSON", "{"],
    ["a missing symbol", JSON.stringify({ cryptoName: "Bitcoin" })],
    ["a missing name", JSON.stringify({ cryptoSymbol: "BTC" })],
    ["an empty symbol", JSON.stringify({ cryptoSymbol: "", cryptoName: "Bitcoin" })],
    ["a symbol with markup", JSON.stringify({ cryptoSymbol: "<b>BTC</b>", cryptoName: "Bitcoin" })],
    ["an overlong symbol", JSON.stringify({ cryptoSymbol: "B".repeat(33), cryptoName: "Bitcoin" })],
    ["a number as symbol", JSON.stringify({ cryptoSymbol: 42, cryptoName: "Bitcoin" })],
    ["an overlong name", JSON.stringify({ cryptoSymbol: "BTC", cryptoName: "x".repeat(101) })],
    ["an array", JSON.stringify([{ cryptoSymbol: "BTC", cryptoName: "Bitcoin" }])],
  ])("refuses %s with the one 400 body", async (_, body) => {
    const agent = await member("bad-input@example.com");
    const res = await agent.json<ErrorBody>("/api/watchlist/add", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("BAD_REQUEST");
    expect(res.body.error.requestId).toBeTruthy();
  });

  it("refuses bad symbols in paths", async () => {
    const agent = await member("bad-path@example.com");
    for (const path of ["/api/watchlist/check/%3Cscript%3E", `/api/watchlist/check/${"A".repeat(40)}`, "/api/watchlist/remove/a%20b"]) {
      const res = await agent.fetch(path, { method: path.includes("remove") ? "DELETE" : "GET" });
      expect(res.status).toBe(400);
    }
  });

  it(`stops at ${WATCHLIST_CAP} coins with a clear 409`, async () => {
    const agent = await member("hoarder@example.com");
    const me = (await agent.json<AuthUser>("/api/auth/user")).body;
    const { body: coins } = await agent.json<Crypto[]>(`/api/cryptos?limit=${WATCHLIST_CAP + 1}`);
    const db = getDb(env.DB);
    const fill = coins.slice(1, WATCHLIST_CAP);
    // D1 binds at most 100 parameters per statement: insert in chunks of 20 rows.
    for (let i = 0; i < fill.length; i += 20) {
      const rows = fill.slice(i, i + 20).map((c) => ({ userId: me.id, cryptoSymbol: c.symbol, cryptoName: c.name, cryptoId: c.id }));
      await db.insert(watchlist).values(rows).onConflictDoNothing();
    }
    const [{ count = 0 } = {}] = await db.select({ count: sql<number>`count(*)` }).from(watchlist).where(eq(watchlist.userId, me.id));
    expect(count).toBe(WATCHLIST_CAP - 1);

    expect((await add(agent, "BTC")).status).toBe(201);
    const full = await add(agent, coins[WATCHLIST_CAP]?.symbol ?? "");
    expect(full.status).toBe(409);
    expect(full.body.error.message).toContain("full");
    // Re-adding a coin that is already there is still fine at the cap.
    expect((await add(agent, "BTC")).status).toBe(200);
  });
});
