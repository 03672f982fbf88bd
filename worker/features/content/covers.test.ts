/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { parseXml } from "#worker/test/parse.ts";
import { COVER_BY_CATEGORY, DEFAULT_COVER } from "./guide-file.ts";

// The cover art articles point at, as served from web/public.
const svgs = import.meta.glob<string>("../../../web/public/images/**/*.svg", { query: "?raw", import: "default", eager: true });
const jpegs = import.meta.glob("../../../web/public/images/**/*.jpg", { query: "?url", eager: true });
const served = (path: string) => `../../../web/public${path}`;

describe("cover images", () => {
  it("every cover an article can get exists, is well-formed SVG (a broken one shows nothing) and has a JPEG twin for previews", () => {
    for (const path of new Set([...Object.values(COVER_BY_CATEGORY), DEFAULT_COVER])) {
      const text = svgs[served(path)];
      expect(text, path).toBeTypeOf("string");
      const svg = parseXml(text ?? "");
      expect(svg.name, path).toBe("svg");
      expect(svg.attrs.viewBox, path).toBe("0 0 1200 630");
      expect(jpegs[served(path.replace(/\.svg$/, ".jpg"))], path).toBeDefined();
    }
  });
});
