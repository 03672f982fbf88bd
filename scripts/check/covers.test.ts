import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COVER_IMAGES, TRENDING_COVERS } from "#worker/features/newsroom/covers.ts";

const publicDir = join(import.meta.dirname, "../../web/public");

describe("the newsroom's covers are served", () => {
  it("every cover it names exists as an SVG, with the JPEG twin link previews use", () => {
    for (const cover of [...Object.values(COVER_IMAGES), ...TRENDING_COVERS]) {
      expect(existsSync(join(publicDir, cover)), cover).toBe(true);
      expect(existsSync(join(publicDir, cover.replace(/\.svg$/, ".jpg"))), cover).toBe(true);
    }
  });
});
