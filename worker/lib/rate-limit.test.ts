import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hitRateLimit, pruneRateLimits } from "./rate-limit.ts";

const rule = { scope: "test", limit: 3, windowMs: 60_000 };
const T0 = Date.parse("2026-11-22T10:00:00Z");

describe("D1 rate limiter", () => {
  it("allows `limit` hits per window, then refuses until the next window", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(env.DB, rule, "10.0.0.1", T0 + i));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.retryAfterSeconds).toBe(60);
    expect((await hitRateLimit(env.DB, rule, "10.0.0.1", T0 + 60_000)).allowed).toBe(true);
  });

  it("counts concurrent hits exactly", async () => {
    const hits = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(env.DB, rule, "10.0.0.2", T0)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(3);
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("keys by a salted hash that changes every day, and prunes old counters and salts", async () => {
    const daily = { ...rule, scope: "daily-salt" };
    await hitRateLimit(env.DB, daily, "10.0.0.3", T0);
    await hitRateLimit(env.DB, daily, "10.0.0.3", T0 + 86_400_000);
    const { results } = await env.DB.prepare("SELECT key_hash FROM rate_limits WHERE scope = 'daily-salt'").all<{ key_hash: string }>();
    expect(results).toHaveLength(2);
    expect(results.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
    expect(results[0]?.key_hash).not.toBe(results[1]?.key_hash);

    await pruneRateLimits(env.DB, T0 + 3 * 86_400_000);
    const left = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits").first<{ n: number }>();
    const salts = await env.DB.prepare("SELECT day FROM rate_limit_salts").all<{ day: string }>();
    expect(left?.n).toBe(0);
    expect(salts.results.map((s) => s.day)).toEqual([]);
  });
});
