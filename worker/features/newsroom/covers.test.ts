import { describe, expect, it } from "vitest";
import { CATEGORY_ROUNDUP, CATEGORY_TRENDING, COVER_IMAGES, coverImage, TRENDING_COVERS } from "./covers.ts";

describe("generated articles' covers", () => {
  it("gives a Trending Analysis one of six covers by its coin, the same each day, and a day's list many of them", () => {
    expect(coverImage(CATEGORY_TRENDING, "BTC")).toBe(coverImage(CATEGORY_TRENDING, "btc"));
    const symbols = ["btc", "eth", "sol", "xrp", "doge", "ada", "link", "pepe", "ton", "sui", "wbt", "paxg"];
    const used = new Set(symbols.map((s) => coverImage(CATEGORY_TRENDING, s)));
    expect(used.size).toBeGreaterThanOrEqual(4);
    for (const cover of used) expect(TRENDING_COVERS).toContain(cover);
  });

  it("keeps one cover for the Daily Roundup, and the first trending cover for an article without a coin", () => {
    expect(coverImage(CATEGORY_ROUNDUP, "btc")).toBe(COVER_IMAGES[CATEGORY_ROUNDUP]);
    expect(coverImage(CATEGORY_TRENDING, null)).toBe(COVER_IMAGES[CATEGORY_TRENDING]);
  });
});
