import { describe, expect, it } from "vitest";
import { isActive, mainNav } from "./nav-items.ts";

describe("main navigation", () => {
  it("has the six items of the spec in order", () => {
    expect(mainNav.map((i) => i.label)).toEqual(["Home", "Daily Roundup", "Trending Analysis", "Top 500", "Crypto 101", "Bear Invaders"]);
  });

  it("marks Home only on exactly /", () => {
    expect(isActive("/", "/")).toBe(true);
    expect(isActive("/", "/markets")).toBe(false);
  });

  it("marks other items on an exact or prefix match", () => {
    expect(isActive("/markets", "/markets")).toBe(true);
    expect(isActive("/crypto-101", "/crypto-101/what-is-bitcoin")).toBe(true);
    expect(isActive("/categories/daily-roundup", "/categories/trending-analysis")).toBe(false);
  });
});
