import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type GuestLimiter, guestLimiter, nextUtcMidnight, utcDay } from "./guest-limiter.ts";

const limiterNamed = (name: string) => env.GUEST_LIMITER.get(env.GUEST_LIMITER.idFromName(name));

describe("GuestLimiter", () => {
  it("names one object per UTC day and resets at the next midnight", () => {
    expect(utcDay(Date.parse("2026-11-23T23:59:59.999Z"))).toBe("2026-11-23");
    expect(nextUtcMidnight(Date.parse("2026-11-23T23:59:59.999Z"))).toBe("2026-11-24T00:00:00.000Z");
    expect(nextUtcMidnight(Date.parse("2026-12-31T00:00:00.000Z"))).toBe("2027-01-01T00:00:00.000Z");
    expect(guestLimiter(env, Date.parse("2026-11-23T01:00:00Z")).id.equals(guestLimiter(env, Date.parse("2026-11-23T23:00:00Z")).id)).toBe(
      true,
    );
    expect(guestLimiter(env, Date.parse("2026-11-23T23:00:00Z")).id.equals(guestLimiter(env, Date.parse("2026-11-24T00:00:00Z")).id)).toBe(
      false,
    );
  });

  it("allows `limit` questions per client per day, counts clients apart, and does not count refusals", async () => {
    const stub = limiterNamed("count-test");
    const at = Date.parse("2026-11-23T12:00:00Z");
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await stub.take("ip:203.0.113.7", 3, at));
    expect(takes.map((t) => t.allowed)).toEqual([true, true, true, false]);
    expect(takes.map((t) => t.remaining)).toEqual([2, 1, 0, 0]);
    expect(takes[3]).toMatchObject({ count: 3, resetTime: "2026-11-24T00:00:00.000Z" });
    expect((await stub.take("ip:198.51.100.1", 3, at)).allowed).toBe(true);
  });

  it("resets at midnight UTC (injected clock)", async () => {
    const stub = limiterNamed("midnight-test");
    const before = Date.parse("2026-11-23T23:59:59.000Z");
    for (let i = 0; i < 2; i++) await stub.take("ip:203.0.113.9", 2, before);
    expect((await stub.take("ip:203.0.113.9", 2, before)).allowed).toBe(false);
    const after = Date.parse("2026-11-24T00:00:00.500Z");
    expect(await stub.take("ip:203.0.113.9", 2, after)).toMatchObject({
      allowed: true,
      remaining: 1,
      resetTime: "2026-11-25T00:00:00.000Z",
    });
  });

  it("is exact under concurrency", async () => {
    const stub = limiterNamed("concurrency-test");
    const at = Date.parse("2026-11-23T10:00:00Z");
    const results = await Promise.all(Array.from({ length: 40 }, () => stub.take("ip:192.0.2.1", 7, at)));
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
  });

  it("stores only salted hashes, never the address, and forgets everything at its midnight alarm", async () => {
    const stub = limiterNamed("privacy-test");
    await stub.take("ip:203.0.113.77", 5);
    const stored = await runInDurableObject(stub, (_o: GuestLimiter, state) => [
      ...state.storage.sql.exec<{ key_hash: string }>("SELECT key_hash FROM counts").toArray(),
    ]);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain("203.0.113.77");
    const alarm = await runInDurableObject(stub, (_o: GuestLimiter, state) => state.storage.getAlarm());
    expect(alarm).toBe(Date.parse(nextUtcMidnight(Date.now())));

    await runInDurableObject(stub, (_o: GuestLimiter, state) => state.storage.setAlarm(Date.now() - 1));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const left = await runInDurableObject(stub, (_o: GuestLimiter, state) =>
      state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'counts'").toArray(),
    );
    expect(left).toHaveLength(0);
    expect((await stub.take("ip:203.0.113.77", 5)).remaining).toBe(4);
  });

  it("gives one question back, never below zero", async () => {
    const stub = limiterNamed("give-back-test");
    const at = Date.now();
    await stub.take("user:abc", 2, at);
    await stub.take("user:abc", 2, at);
    expect((await stub.take("user:abc", 2, at)).allowed).toBe(false);
    await stub.giveBack("user:abc", at);
    expect((await stub.take("user:abc", 2, at)).allowed).toBe(true);
  });
});
