import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, articleVersions } from "#schema/db/content.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";

/** Runs one migration's statements again on rows written the old way (the suite applied it to an empty table). */
async function rerun(name: string) {
  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith(name));
  if (!migration) throw new Error(`no migration ${name}`);
  for (const query of migration.queries) await env.DB.prepare(query).run();
}

describe("migration 0014: newsroom covers live in /images/covers", () => {
  it("mends the two old cover paths on articles and their versions, and leaves every other image alone", async () => {
    const db = getDb(env.DB);
    const roundup = await insertArticle({ imageUrl: "/images/daily-roundup.svg" });
    const trending = await insertArticle({ imageUrl: "/images/trending-analysis.svg" });
    const own = await insertArticle({ imageUrl: "https://images.example.com/images/daily-roundup.svg" });
    await db.insert(articleVersions).values({
      articleId: roundup.id,
      versionNumber: 1,
      title: roundup.title,
      content: roundup.content,
      imageUrl: "/images/daily-roundup.svg",
      categoryId: roundup.categoryId,
    });

    await rerun("0014_");

    const image = async (id: number) => (await db.select().from(articles).where(eq(articles.id, id)))[0]?.imageUrl;
    expect(await image(roundup.id)).toBe("/images/covers/daily-roundup.svg");
    expect(await image(trending.id)).toBe("/images/covers/trending-analysis.svg");
    expect(await image(own.id)).toBe("https://images.example.com/images/daily-roundup.svg");
    const [version] = await db.select().from(articleVersions).where(eq(articleVersions.articleId, roundup.id));
    expect(version?.imageUrl).toBe("/images/covers/daily-roundup.svg");
  });
});
