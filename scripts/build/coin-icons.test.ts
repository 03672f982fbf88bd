import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coinIconFiles, readIcon } from "./coin-icons.ts";

describe("coin icons from @web3icons/core", () => {
  it("lists for the Worker exactly the icons the build serves (run `npm run data:coin-icons` after a package update)", async () => {
    const listed = JSON.parse(readFileSync(join(import.meta.dirname, "../../worker/ports/market/data/coin-icons.json"), "utf8"));
    expect(listed).toEqual([...(await coinIconFiles()).keys()].sort());
  });

  it("reads every icon as an SVG, including the stablecoins that used to share one placeholder", async () => {
    const files = await coinIconFiles();
    for (const id of ["bitcoin", "tether", "usd-coin"]) expect(files.has(id)).toBe(true);
    const svgs = [...files.values()].map(readIcon);
    expect(svgs.every((s) => s.startsWith("<svg") && s.trimEnd().endsWith("</svg>"))).toBe(true);
    expect(readIcon(files.get("tether") ?? "")).not.toEqual(readIcon(files.get("usd-coin") ?? ""));
  });
});
