import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { isSpaPath, SPA_PATHS } from "#schema/contracts/spa-paths.ts";
import { routes } from "./router.tsx";

describe("the paths the Worker serves with 200", () => {
  it("are exactly the router's pages (any other path answers the not-found page with 404)", () => {
    const paths = (routes as RouteObject[]).flatMap((r) => (r.children ?? []).map((c) => c.path)).filter((p) => p !== "*");
    expect(paths).toEqual([...SPA_PATHS]);
  });

  it("match with their parameters and nothing more", () => {
    for (const path of ["/", "/markets", "/markets/", "/coin/btc", "/admin/articles/12/edit", "/crypto-101/what-is-a-wallet"]) {
      expect(isSpaPath(path)).toBe(true);
    }
    for (const path of ["/nope", "/feed.xml", "/coin", "/coin/btc/extra", "/markets.json", "/admin/articles/12"]) {
      expect(isSpaPath(path)).toBe(false);
    }
  });
});
