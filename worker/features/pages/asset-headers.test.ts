import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call } from "#worker/test/http.ts";

afterEach(() => vi.restoreAllMocks());

describe("answers passed through from the assets binding", () => {
  it("gain the security headers even though their own headers are immutable", async () => {
    // Like a real fetch() answer, Response.redirect's headers cannot be changed in place.
    vi.spyOn(env.ASSETS, "fetch").mockImplementation(async () => Response.redirect("https://coinsight.test/markets", 307));
    const res = await call("/some/asset/path", { redirect: "manual" });
    expect(res.status).toBe(307);
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});
