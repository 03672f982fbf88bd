import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Alert, AlertList } from "#schema/contracts/alerts.ts";
import type { Crypto } from "#schema/contracts/crypto.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { formatChange, formatPrice } from "#worker/features/cryptos/index.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { evaluateTick } from "./evaluate.ts";
import { armedOf, makeAlert } from "./test-support.ts";

type Answer = Alert & ErrorBody;
const member = () => signedIn(`waiting-${crypto.randomUUID().slice(0, 8)}@example.com`);
const alertsOf = async (agent: Awaited<ReturnType<typeof member>>) => (await send<AlertList>(agent, "GET", "/api/alerts")).body.alerts;
/** A coin as the snapshot has it now: the figure the answer quotes. */
const coin = async (symbol: string) => (await send<Crypto>(await member(), "GET", `/api/cryptos/${symbol}`)).body;
/** The nearest whole cents: a threshold the bounds accept. */
const cents = (n: number) => Math.round(n * 100) / 100;

describe("why an alert waits to re-arm, and what re-arms it", () => {
  it("a price alert set past its threshold says so, with the re-arm price and the price now", async () => {
    const agent = await member();
    const btc = await coin("BTC");
    const line = cents(btc.priceUsd / 2);
    const above = await send<Answer>(agent, "POST", "/api/alerts", { symbol: "BTC", kind: "price_above", threshold: line });
    expect(above.body).toMatchObject({ armed: false });
    expect(above.body.waiting).toEqual({
      reason: `BTC's price was already above ${formatPrice(line)} when the alert was set or last changed.`,
      rearm: `It re-arms once the price is back at or below ${formatPrice(line * 0.995)} (now ${formatPrice(btc.priceUsd)}), then fires on the next rise above ${formatPrice(line)}.`,
    });
    const below = cents(btc.priceUsd * 2);
    const { body } = await send<Answer>(agent, "POST", "/api/alerts", { symbol: "BTC", kind: "price_below", threshold: below });
    expect(body.waiting?.reason).toBe(`BTC's price was already below ${formatPrice(below)} when the alert was set or last changed.`);
    expect(body.waiting?.rearm).toBe(
      `It re-arms once the price is back at or above ${formatPrice(below * 1.005)} (now ${formatPrice(btc.priceUsd)}), then fires on the next fall below ${formatPrice(below)}.`,
    );
    // The list says the same.
    expect((await alertsOf(agent)).map((a) => a.waiting)).toEqual([above.body.waiting, body.waiting]);
  });

  it("a 24 h move alert set past its threshold waits for the move to come back inside the margin", async () => {
    const agent = await member();
    const moved = (await send<Crypto[]>(agent, "GET", "/api/cryptos?limit=100")).body.find((c) => Math.abs(c.change24h ?? 0) >= 2);
    if (!moved?.change24h) throw new Error("no coin moved 2 % in the snapshot");
    const threshold = Math.floor(Math.abs(moved.change24h) * 10) / 10;
    const { body } = await send<Answer>(agent, "POST", "/api/alerts", { symbol: moved.symbol, kind: "move_24h", threshold });
    expect(body.armed).toBe(false);
    const at = `±${threshold.toFixed(2)}%`;
    expect(body.waiting).toEqual({
      reason: `${moved.symbol} had already moved ${at} or more in 24 hours when the alert was set or last changed.`,
      rearm: `It re-arms once ${moved.symbol}'s 24-hour move is back inside ±${(threshold - 0.5).toFixed(2)}% (now ${formatChange(moved.change24h)}), then fires again at ${at}.`,
    });
  });

  it("a fired alert says it fired; an edit that leaves it past says that instead; a change of nothing keeps it", async () => {
    const agent = await member();
    const btc = await coin("BTC");
    const line = cents(btc.priceUsd / 2);
    const id = await makeAlert(agent.user.id, { kind: "price_above", threshold: line });
    await evaluateTick(env.DB, [{ id: "bitcoin", price: btc.priceUsd, change24h: 0 }], Date.now());
    expect(await armedOf(id)).toBe(false);
    const [fired] = await alertsOf(agent);
    expect(fired?.waiting?.reason).toBe(`It fired when BTC rose above ${formatPrice(line)}.`);
    expect((await send<Answer>(agent, "PATCH", `/api/alerts/${id}`, { paused: false })).body.waiting).toEqual(fired?.waiting);
    expect((await send<Answer>(agent, "PATCH", `/api/alerts/${id}`, { threshold: line })).body.waiting).toEqual(fired?.waiting);
    const edited = await send<Answer>(agent, "PATCH", `/api/alerts/${id}`, { threshold: cents(line * 1.1) });
    expect(edited.body.waiting?.reason).toBe(
      `BTC's price was already above ${formatPrice(cents(line * 1.1))} when the alert was set or last changed.`,
    );
    // Paused: nothing waits.
    expect((await send<Answer>(agent, "PATCH", `/api/alerts/${id}`, { paused: true })).body.waiting).toBeNull();
  });

  it("names no price it does not have, and says when the next tick re-arms it", async () => {
    const agent = await member();
    const unknown = await makeAlert(agent.user.id, {
      kind: "price_above",
      threshold: 100,
      coinId: "waiting-coin",
      symbol: "WAIT",
      armed: false,
    });
    const btc = await coin("BTC");
    // Disarmed by a firing long ago, the price now far below: the next tick re-arms it.
    await makeAlert(agent.user.id, { kind: "price_above", threshold: cents(btc.priceUsd * 2), armed: false });
    const [back, noFigure] = await alertsOf(agent);
    expect(noFigure?.id).toBe(unknown);
    expect(noFigure?.waiting?.rearm).toBe(
      "It re-arms once the price is back at or below $99.50, then fires on the next rise above $100.00.",
    );
    expect(back?.waiting?.rearm).toBe(`It re-arms on the next price update: BTC is back at ${formatPrice(btc.priceUsd)}.`);
  });

  it("the re-arm price it names is the tick's: just above it stays disarmed, at or below it re-arms", async () => {
    const agent = await member();
    const id = await makeAlert(agent.user.id, {
      kind: "price_above",
      threshold: 100,
      coinId: "waiting-tick",
      symbol: "WTICK",
      armed: false,
    });
    expect((await alertsOf(agent))[0]?.waiting?.rearm).toContain("at or below $99.50,");
    await evaluateTick(env.DB, [{ id: "waiting-tick", price: 99.51, change24h: 0 }], Date.now());
    expect(await armedOf(id)).toBe(false);
    await evaluateTick(env.DB, [{ id: "waiting-tick", price: 99.49, change24h: 0 }], Date.now());
    expect(await armedOf(id)).toBe(true);
    expect((await alertsOf(agent))[0]?.waiting).toBeNull();
  });

  it("only a disarmed price or move alert waits", async () => {
    const agent = await member();
    await makeAlert(agent.user.id, { kind: "price_above", threshold: 1e9 });
    await makeAlert(agent.user.id, { kind: "sentiment_shift", threshold: 10, armed: false });
    await makeAlert(agent.user.id, { kind: "move_24h", threshold: 5, armed: false, paused: true });
    expect((await alertsOf(agent)).map((a) => a.waiting)).toEqual([null, null, null]);
  });
});
