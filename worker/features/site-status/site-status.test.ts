import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "#worker/app.ts";
import { REPLAY_KEY } from "#worker/ports/market/replay.ts";

afterEach(() => env.KV.delete(REPLAY_KEY));

describe("GET /api/site-status", () => {
  it("says the site shows demo data, and when it was recorded, without live market data", async () => {
    const res = await app.request("/api/site-status", {}, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ demo: true, demoDataFrom: "2026-04-30", recordedAt: "2026-04-30T12:21:00Z", replayedAt: null });
  });

  it("says when the replay started, as the seed recorded it", async () => {
    await env.KV.put(REPLAY_KEY, JSON.stringify({ recordedAt: "2026-04-30T12:21:00Z", replayedAt: "2026-11-27T09:00:00.000Z" }));
    const res = await app.request("/api/site-status", {}, env);
    expect(await res.json()).toMatchObject({ demo: true, replayedAt: "2026-11-27T09:00:00.000Z" });
  });

  it("says nothing of demo data with live market data", async () => {
    await env.KV.put(REPLAY_KEY, JSON.stringify({ recordedAt: "2026-04-30T12:21:00Z", replayedAt: "2026-11-27T09:00:00.000Z" }));
    const res = await app.request("/api/site-status", {}, { ...env, COINGECKO_API_KEY: "k" });
    expect(await res.json()).toEqual({ demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null });
  });
});
