import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coinIconFiles, readIcon, servedLogo, servedLogoChoice } from "./coin-icons.ts";
import { chooseLogo, coloursOf, contrast, RING, ringed, SURFACES, VISIBLE, visibleInBothThemes } from "./logo-contrast.ts";

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

describe("logos visible in both themes (issue 42)", () => {
  it("every served logo has a colour, disc or ring that stands out from each theme's surfaces", async () => {
    const files = await coinIconFiles();
    const variants = { branded: 0, background: 0, ringed: 0 };
    for (const file of files.values()) {
      const chosen = servedLogoChoice(file);
      variants[chosen.variant]++;
      expect(servedLogo(file)).toBe(chosen.svg);
      for (const surface of [...SURFACES.light, ...SURFACES.dark]) {
        const best = Math.max(...coloursOf(chosen.svg).map((c) => contrast(c, surface)));
        expect(best, `${file} on ${surface}`).toBeGreaterThanOrEqual(VISIBLE);
      }
    }
    console.log(`logos served: ${variants.branded} coloured, ${variants.background} on their disc, ${variants.ringed} ringed`);
  });

  it("keeps a coloured logo that shows on both, and moves white-only and black-only ones onto their disc", async () => {
    const files = await coinIconFiles();
    // Bitcoin's orange disc shows on both; Arbitrum's white mark and Arweave's black one each vanish on one theme.
    expect(servedLogo(files.get("bitcoin") ?? "")).toBe(readIcon(files.get("bitcoin") ?? ""));
    for (const id of ["arbitrum", "arweave", "algorand"]) {
      expect(visibleInBothThemes(readIcon(files.get(id) ?? "")), id).toBe(false);
      expect(visibleInBothThemes(servedLogo(files.get(id) ?? "")), id).toBe(true);
    }
  });

  it("reads colours as written, and a ring shows where nothing else does", () => {
    expect(coloursOf('<svg><path fill="#FFF"/><stop stop-color="#0a7a3f"/><path style="fill:white"/></svg>')).toEqual([
      "ffffff",
      "0a7a3f",
      "ffffff",
    ]);
    expect(coloursOf("<svg><path d=''/></svg>")).toEqual(["000000"]);
    const whiteOnWhite = '<svg viewBox="0 0 24 24"><path fill="#fff" d="M0 0h24v24H0z"/></svg>';
    expect(visibleInBothThemes(whiteOnWhite)).toBe(false);
    expect(chooseLogo(whiteOnWhite, null).variant).toBe("ringed");
    expect(visibleInBothThemes(ringed(whiteOnWhite))).toBe(true);
    expect(ringed(whiteOnWhite)).toContain(`stroke="${RING}"`);
  });
});
