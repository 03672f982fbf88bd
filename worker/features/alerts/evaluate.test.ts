import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MOVE_REARM_POINTS, PRICE_REARM_MARGIN } from "#schema/contracts/alert-rules.ts";
import { evaluateTick, startsArmed } from "./evaluate.ts";
import { armedOf, coinAt, eventsOf, makeAlert, makeMember } from "./test-support.ts";
import { FIRE_SQL, REARM_SQL } from "./tick-sql.ts";

const T0 = Date.parse("2026-11-26T10:00:00.000Z");
const at = (tick: number) => T0 + tick * 30_000;

describe("price alerts on the tick", () => {
  it("fires once when the price crosses upward, with the tick's figures and time", async () => {
    const m = await makeMember();
    const id = await makeAlert(m.id, { kind: "price_above", threshold: 70_000 });
    expect((await evaluateTick(env.DB, coinAt("bitcoin", 69_000), at(0))).fired).toBe(0);
    const first = await evaluateTick(env.DB, coinAt("bitcoin", 70_500, 2.5), at(1));
    expect(first.fired).toBe(1);
    expect(await armedOf(id)).toBe(false);
    // Still above, higher: no second firing.
    expect((await evaluateTick(env.DB, coinAt("bitcoin", 72_000), at(2))).fired).toBe(0);
    const events = await eventsOf(m.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.title).toBe("BTC rose above $70,000.00");
    expect(events[0]?.body).toBe("Bitcoin was $70,500.00 (+2.50% in 24 hours) as of 26 Nov 2026, 10:00 UTC.");
  });

  it("fires on a downward crossing for price_below, and ignores other coins and paused alerts", async () => {
    const m = await makeMember();
    const below = await makeAlert(m.id, { kind: "price_below", threshold: 60_000, coinId: "coin-b" });
    const paused = await makeAlert(m.id, { kind: "price_below", threshold: 61_000, paused: true, coinId: "coin-b" });
    const eth = await makeAlert(m.id, { kind: "price_below", threshold: 2_000, coinId: "ethereum", symbol: "ETH" });
    const result = await evaluateTick(env.DB, [...coinAt("coin-b", 59_000), { id: "ethereum", price: 3_000, change24h: 0 }], at(3));
    expect(result.fired).toBe(1);
    expect(await armedOf(below)).toBe(false);
    expect(await armedOf(paused)).toBe(true);
    expect(await armedOf(eth)).toBe(true);
    expect((await eventsOf(m.id)).map((e) => e.title)).toEqual(["BTC fell below $60,000.00"]);
  });

  it("re-arms only after the price is back across by the margin, then fires on the next crossing", async () => {
    const m = await makeMember();
    const id = await makeAlert(m.id, { kind: "price_above", threshold: 100, coinId: "coin-c" });
    const coin = (price: number) => coinAt("coin-c", price, 0);
    await evaluateTick(env.DB, coin(100), at(10));
    expect(await armedOf(id)).toBe(false);
    // Sitting on the line, and dipping less than the margin: neither re-arms nor fires.
    for (const [i, price] of [99.9, 100.2, 100 * (1 - PRICE_REARM_MARGIN) + 0.01, 100.05].entries()) {
      const r = await evaluateTick(env.DB, coin(price), at(11 + i));
      expect(r.fired).toBe(0);
    }
    expect(await armedOf(id)).toBe(false);
    // Back across by the margin: armed again, without firing.
    const rearm = await evaluateTick(env.DB, coin(100 * (1 - PRICE_REARM_MARGIN) - 0.01), at(20));
    expect(rearm).toMatchObject({ fired: 0, rearmed: 1 });
    expect(await armedOf(id)).toBe(true);
    expect((await evaluateTick(env.DB, coin(100.01), at(21))).fired).toBe(1);
    expect(await eventsOf(m.id)).toHaveLength(2);
  });

  it("move_24h fires either way at ±N % and re-arms once the move is back inside by the margin", async () => {
    const m = await makeMember();
    const id = await makeAlert(m.id, { kind: "move_24h", threshold: 5, coinId: "coin-d" });
    expect((await evaluateTick(env.DB, coinAt("coin-d", 60_000, -4.99), at(30))).fired).toBe(0);
    const down = await evaluateTick(env.DB, coinAt("coin-d", 60_000, -5.2), at(31));
    expect(down.fired).toBe(1);
    expect((await eventsOf(m.id))[0]?.title).toBe("BTC moved -5.20% in 24 hours");
    await evaluateTick(env.DB, coinAt("coin-d", 60_000, 5 - MOVE_REARM_POINTS + 0.01), at(32));
    expect(await armedOf(id)).toBe(false);
    await evaluateTick(env.DB, coinAt("coin-d", 60_000, 5 - MOVE_REARM_POINTS - 0.01), at(33));
    expect(await armedOf(id)).toBe(true);
    expect((await evaluateTick(env.DB, coinAt("coin-d", 60_000, 6), at(34))).fired).toBe(1);
    // An unknown change never fires.
    await evaluateTick(env.DB, coinAt("coin-d", 60_000, 0), at(35));
    expect((await evaluateTick(env.DB, coinAt("coin-d", 60_000, null), at(36))).fired).toBe(0);
  });

  it("concurrent ticks never fire one crossing twice", async () => {
    const m = await makeMember();
    const ids = await Promise.all(
      [69_000, 69_500, 69_900].map((threshold) => makeAlert(m.id, { kind: "price_above", threshold, coinId: "coin-e" })),
    );
    // Ten overlapping evaluations of the same crossing (as two ticks, or a retry, racing).
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => evaluateTick(env.DB, coinAt("coin-e", 70_000), at(40) + i)));
    expect(results.reduce((n, r) => n + r.fired, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.recorded, 0)).toBe(3);
    const events = await eventsOf(m.id);
    expect(events.map((e) => e.alert_id).sort()).toEqual([...ids].sort());
  });

  it("an alert whose condition already holds starts disarmed: it waits for a real crossing", () => {
    const coin = { priceUsd: 100, change24h: -3 };
    expect(startsArmed("price_above", 90, coin)).toBe(false);
    expect(startsArmed("price_above", 110, coin)).toBe(true);
    expect(startsArmed("price_below", 110, coin)).toBe(false);
    expect(startsArmed("price_below", 90, coin)).toBe(true);
    expect(startsArmed("move_24h", 2, coin)).toBe(false);
    expect(startsArmed("move_24h", 5, coin)).toBe(true);
    expect(startsArmed("new_article", 0, coin)).toBe(true);
  });
});

describe("the evaluation reads only what changes", () => {
  it("every statement searches alerts_eval_idx by coin, kind, armed and a threshold range (no scan)", async () => {
    for (const sql of [...Object.values(FIRE_SQL), ...Object.values(REARM_SQL)]) {
      const bindings = sql.includes("?2") ? ["[]", "x"] : ["[]"];
      const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...bindings)
        .all<{ detail: string }>();
      const plan = results.map((r) => r.detail).join(" | ");
      expect(plan).toMatch(
        /SEARCH alerts USING (COVERING )?INDEX alerts_eval_idx \(coin_id=\? AND kind=\? AND armed=\? AND threshold[<>]\?\)/,
      );
      expect(plan).not.toMatch(/SCAN alerts/);
    }
  });

  it("a tick with no crossing reads no alert rows, however many alerts the coin has", async () => {
    const m = await makeMember();
    const db = env.DB;
    const rows = Array.from({ length: 300 }, (_, i) => ({ threshold: 1_000_000 + i }));
    await db
      .prepare(
        `INSERT INTO alerts (user_id, coin_id, symbol, coin_name, kind, threshold)
         SELECT ?1, 'solana', 'SOL', 'Solana', 'price_above', j.value ->> '$.threshold' FROM json_each(?2) AS j`,
      )
      .bind(m.id, JSON.stringify(rows))
      .run();
    const quiet = await evaluateTick(db, [{ id: "solana", price: 150, change24h: 1 }], at(50));
    const crossing = await evaluateTick(db, [{ id: "solana", price: 1_000_010, change24h: 1 }], at(51));
    expect(quiet.fired).toBe(0);
    expect(crossing.fired).toBe(11);
    // The crossing reads the eleven rows it fires (and writes their events); the quiet tick reads none of the 300.
    expect(quiet.rowsRead).toBeLessThan(crossing.rowsRead);
    expect(crossing.rowsRead - quiet.rowsRead).toBeLessThan(300);
  });
});
