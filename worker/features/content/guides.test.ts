/// <reference types="vite/client" />
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { GUIDE_CARD_IDS } from "#schema/contracts/article-rules.ts";
import { countWords } from "#schema/contracts/read-time.ts";
import { type Guide, guideUpsertSql, parseGuide } from "./guide-file.ts";

// The committed guides, as the seeder reads them (scripts/lib/guides.ts reads the same folder).
const files = import.meta.glob<string>("./guides/*.md", { query: "?raw", import: "default", eager: true });
const guides = Object.entries(files).map(([file, text]) => parseGuide(text, file));

const FIXTURE = `---
title: "Keeping a Seed Phrase Safe"
slug: keeping-a-seed-phrase-safe
categoryId: 21
excerpt: 'Why the twelve words matter, and where they shouldn''t go.'
publishedAt: 2026-09-03
---

## Why it matters

Your seed phrase restores your wallet.
`;
const fixture = (overrides: Partial<Guide> = {}): Guide => ({ ...parseGuide(FIXTURE, "fixture.md"), ...overrides });

describe("guide files", () => {
  it("parse the frontmatter, quoting styles included, and compute the read time", () => {
    const guide = fixture();
    expect(guide).toMatchObject({
      title: "Keeping a Seed Phrase Safe",
      slug: "keeping-a-seed-phrase-safe",
      categoryId: 21,
      excerpt: "Why the twelve words matter, and where they shouldn't go.",
      publishedAt: "2026-09-03T00:00:00.000Z",
      readTime: 1,
      imageUrl: "/images/covers/security-safety.svg",
    });
    expect(guide.content.startsWith("## Why it matters")).toBe(true);
  });

  it.each([
    ["no frontmatter", "# Just a title"],
    [
      "a bad category",
      "---\ntitle: A long enough title\nslug: ok-slug\ncategoryId: 17\nexcerpt: An excerpt that is long enough.\npublishedAt: 2026-01-01\n---\nbody",
    ],
    [
      "a bad slug",
      "---\ntitle: A long enough title\nslug: Not A Slug\ncategoryId: 20\nexcerpt: An excerpt that is long enough.\npublishedAt: 2026-01-01\n---\nbody",
    ],
    [
      "a bad date",
      "---\ntitle: A long enough title\nslug: ok-slug\ncategoryId: 20\nexcerpt: An excerpt that is long enough.\npublishedAt: someday\n---\nbody",
    ],
  ])("refuse %s, naming the file", (_, text) => {
    expect(() => parseGuide(text, "broken.md")).toThrow(/^broken\.md: /);
  });

  it("every committed guide is real, readable prose: 500+ words, headings, no placeholder text", () => {
    expect(guides.length).toBeGreaterThan(0);
    for (const g of guides) {
      expect(countWords(g.content), g.slug).toBeGreaterThanOrEqual(500);
      expect(g.content.match(/^##\s+\S/gm)?.length ?? 0, g.slug).toBeGreaterThanOrEqual(2);
      expect(`${g.title} ${g.excerpt} ${g.content}`, g.slug).not.toMatch(/lorem|ipsum|\bTODO\b|\bTBD\b|placeholder/i);
      expect(g.readTime, g.slug).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(guides.map((g) => g.slug)).size).toBe(guides.length);
  });

  it("there are at least 16 guides, at least four on each Crypto 101 card", () => {
    expect(guides.length).toBeGreaterThanOrEqual(16);
    for (const id of GUIDE_CARD_IDS) expect(guides.filter((g) => g.categoryId === id).length, `category ${id}`).toBeGreaterThanOrEqual(4);
  });

  it("links between guides point at guides that exist", () => {
    const known = new Set(guides.map((g) => g.slug));
    for (const g of guides) {
      for (const [, slug] of g.content.matchAll(/\]\(\/crypto-101\/([a-z0-9-]+)\)/g))
        expect(known.has(slug ?? ""), `${g.slug} -> ${slug}`).toBe(true);
    }
  });
});

describe("guide upsert", () => {
  const row = () =>
    env.DB.prepare("SELECT title, content, read_time, updated_at, status FROM articles WHERE slug = 'keeping-a-seed-phrase-safe'").first<{
      title: string;
      content: string;
      read_time: number;
      updated_at: string;
      status: string;
    }>();

  it("inserts once, changes nothing when run again, and updates a changed guide", async () => {
    await env.DB.prepare(guideUpsertSql(fixture())).run();
    const first = await row();
    expect(first).toMatchObject({ title: "Keeping a Seed Phrase Safe", status: "published", read_time: 1 });
    await env.DB.prepare(guideUpsertSql(fixture())).run();
    expect(await row()).toEqual(first);
    await env.DB.prepare(guideUpsertSql(fixture({ title: "Keeping Your Seed Phrase Safe" }))).run();
    expect((await row())?.title).toBe("Keeping Your Seed Phrase Safe");
  });

  it("stores the coin a guide is about, and clears it when the file drops it", async () => {
    const symbol = () =>
      env.DB.prepare("SELECT crypto_symbol AS s FROM articles WHERE slug = 'keeping-a-seed-phrase-safe'").first<{ s: string | null }>();
    await env.DB.prepare(guideUpsertSql(fixture({ title: "Keeping Your Seed Phrase Safe", cryptoSymbol: "BTC" }))).run();
    expect((await symbol())?.s).toBe("BTC");
    await env.DB.prepare(guideUpsertSql(fixture({ title: "Keeping Your Seed Phrase Safe" }))).run();
    expect((await symbol())?.s).toBeNull();
    expect(() => parseGuide(`${FIXTURE.replace("---\n\n", "cryptoSymbol: btc\n---\n\n")}`, "lower.md")).toThrow(/cryptoSymbol/);
  });

  it("leaves a guide an editor has changed alone", async () => {
    const id = (await env.DB.prepare("SELECT id FROM articles WHERE slug = 'keeping-a-seed-phrase-safe'").first<{ id: number }>())?.id;
    await env.DB.prepare(
      "INSERT INTO article_versions (article_id, version_number, title, content, category_id) VALUES (?, 1, 'Edited', 'Edited body', 21)",
    )
      .bind(id)
      .run();
    await env.DB.prepare(guideUpsertSql(fixture({ title: "Seed file wins?" }))).run();
    expect((await row())?.title).toBe("Keeping Your Seed Phrase Safe");
  });

  it("stores quotes and semicolons in the body safely", async () => {
    const tricky = fixture({ slug: "quotes-and-semicolons", content: "It's a 'test'; DROP TABLE articles; -- not really" });
    await env.DB.prepare(guideUpsertSql(tricky)).run();
    const stored = await env.DB.prepare("SELECT content FROM articles WHERE slug = 'quotes-and-semicolons'").first<{ content: string }>();
    expect(stored?.content).toBe("It's a 'test'; DROP TABLE articles; -- not really");
  });
});
