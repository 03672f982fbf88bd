/** Reads the Crypto 101 guide files for the seeder. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Guide, guideUpsertSql, parseGuide } from "#worker/features/content/guide-file.ts";
import { projectRoot } from "./wrangler.ts";

export const GUIDES_DIR = join(projectRoot, "worker/features/content/guides");

export function readGuides(dir = GUIDES_DIR): Guide[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => parseGuide(readFileSync(join(dir, f), "utf8"), f));
}

export function guidesSeedSql(): string[] {
  return readGuides().map(guideUpsertSql);
}
