/** The gzipped JavaScript the home page loads: the entry, the stages it starts the app with (web/main.tsx), the home route, and all they import. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { projectRoot } from "../lib/wrangler.ts";

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };

export function homePageJs(): { files: string[]; gzipBytes: number } {
  const dist = join(projectRoot, "dist/client");
  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, Chunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const homeKey = Object.keys(manifest).find((k) => k.endsWith("app/routes/home.tsx"));
  if (!entryKey || !homeKey) throw new Error("manifest has no entry or home route chunk");
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entryKey);
  for (const stage of manifest[entryKey]?.dynamicImports ?? []) visit(stage);
  visit(homeKey);
  const files = [...seen].map((k) => manifest[k]?.file ?? "").filter((f) => f.endsWith(".js"));
  const gzipBytes = files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f))).length, 0);
  return { files, gzipBytes };
}
