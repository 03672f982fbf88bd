import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { answerCacheKey, readCachedAnswer, writeCachedAnswer } from "./cache.ts";

describe("Ask answer cache", () => {
  it("keys by coin, type, data time and answerer", () => {
    expect(answerCacheKey("btc", "about", "2026-11-23T18:00:00.000Z", "offline")).toBe("ask:v3:BTC:about:2026-11-23T18:00:00.000Z:offline");
    expect(answerCacheKey("BTC", "about", "2026-11-23T18:00:30.000Z", "offline")).not.toBe(
      answerCacheKey("BTC", "about", "2026-11-23T18:00:00.000Z", "offline"),
    );
  });

  it("writes to KV with a TTL and serves repeat reads from the isolate without asking KV again", async () => {
    const key = answerCacheKey("ETH", "future_price", new Date().toISOString(), "cache-test");
    await writeCachedAnswer(env.KV, key, { text: "kept", asOf: "t" });
    expect(await env.KV.get(key, "json")).toEqual({ text: "kept", asOf: "t" });
    let gets = 0;
    const counting = {
      get: (key: string, type: "json") => {
        gets++;
        return env.KV.get(key, type);
      },
    } as unknown as KVNamespace;
    expect(await readCachedAnswer(counting, key)).toEqual({ text: "kept", asOf: "t" });
    expect(gets).toBe(0);
    // An entry another isolate wrote is read from KV once, then kept.
    const other = answerCacheKey("ETH", "about", "other-isolate", "cache-test");
    await env.KV.put(other, JSON.stringify({ text: "from KV", asOf: "t" }));
    expect(await readCachedAnswer(counting, other)).toEqual({ text: "from KV", asOf: "t" });
    expect(await readCachedAnswer(counting, other)).toEqual({ text: "from KV", asOf: "t" });
    expect(gets).toBe(1);
    expect(await readCachedAnswer(counting, answerCacheKey("ETH", "about", "missing", "cache-test"))).toBeNull();
  });
});
