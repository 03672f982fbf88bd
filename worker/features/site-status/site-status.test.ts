import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "#worker/app.ts";

describe("GET /api/site-status", () => {
  it("says the site shows demo data, and from when, without live market data", async () => {
    const res = await app.request("/api/site-status", {}, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ demo: true, demoDataFrom: "2026-07-07" });
  });

  it("says nothing of demo data with live market data", async () => {
    const res = await app.request("/api/site-status", {}, { ...env, COINGECKO_API_KEY: "k" });
    expect(await res.json()).toEqual({ demo: false, demoDataFrom: null });
  });
});
