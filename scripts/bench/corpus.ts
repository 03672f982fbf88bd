/**
 * Generated articles for the benchmarks: real prose (the sentences of the Crypto 101 guides) about
 * real coins (the offline market data), deterministic, so every run measures the same site. Used by
 * `npm run bench` (today's size), `npm run bench:scale` (100x) and the search comparison.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../lib/wrangler.ts";

/** Real prose to generate from: the sentences of the Crypto 101 guides. */
export function corpus(): { sentences: string[]; names: string[] } {
  const dir = join(projectRoot, "worker/features/content/guides");
  const text = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => readFileSync(join(dir, f), "utf8").replace(/^---[\s\S]*?---/, ""))
    .join("\n");
  const sentences = text
    .replace(/[#*>`|[\]()-]+/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => s.split(" ").length >= 6);
  const markets = JSON.parse(readFileSync(join(projectRoot, "worker/ports/market/data/offline-markets.json"), "utf8")) as {
    snapshot: { name: string }[];
  };
  const names = markets.snapshot.map((c) => c.name);
  return { sentences, names };
}

/** A deterministic generator, so every run measures the same articles. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function* benchArticles(count: number, { seed = 42, slugPrefix = "bench" }: { seed?: number; slugPrefix?: string } = {}) {
  const { sentences, names } = corpus();
  const next = rng(seed);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const coin = pick(names);
    const paragraphs = Array.from({ length: 5 + Math.floor(next() * 6) }, () =>
      Array.from({ length: 3 + Math.floor(next() * 3) }, () =>
        pick(sentences).replace(/\bBitcoin\b/, next() < 0.3 ? coin : "Bitcoin"),
      ).join(" "),
    );
    yield {
      slug: `${slugPrefix}-${i}`,
      title: `${coin}: ${pick(sentences).split(" ").slice(0, 8).join(" ")}`,
      excerpt: pick(sentences),
      content: paragraphs.map((p, j) => (j % 3 === 0 ? `## ${pick(sentences).split(" ").slice(0, 5).join(" ")}\n\n${p}` : p)).join("\n\n"),
      categoryId: next() < 0.5 ? 17 : 18,
      // Ids follow publishing order, as they do when articles are written day by day.
      publishedAt: new Date(now - (count - i) * 600_000).toISOString(),
    };
  }
}
