import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyMeter, meterD1, metered } from "#worker/bench-meter.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { loadEditionArticles } from "./daily-content.ts";

/**
 * Every message of the daily send reads its edition's articles again (a redelivered message must not
 * mail an article withdrawn since), so that read must cost the edition, not the archive: at 100,000
 * articles and 1,000 messages a scan of the archive per message was 100 million rows per send.
 */
describe("the daily edition's articles", () => {
  it("are read by their ids: the rows read do not grow with the archive", async () => {
    expect(meterD1(env.DB)).toBe(true);
    const edition = [await insertArticle(), await insertArticle({ categoryId: 17 }), await insertArticle({ categoryId: 17 })];
    const withdrawn = await insertArticle({ status: "draft" });
    const trashed = await insertArticle({ deletedAt: new Date().toISOString() });
    const future = await insertArticle({ publishedAt: new Date(Date.now() + 3_600_000).toISOString() });
    for (let i = 0; i < 200; i++) await insertArticle({}, { invalidate: false });

    const ids = [...edition, withdrawn, trashed, future].map((a) => a.id);
    const meter = emptyMeter();
    const found = await metered(meter, () => loadEditionArticles(getDb(env.DB), ids, new Date().toISOString()));

    // Only what readers may see, in the edition's order.
    expect(found.map((a) => a.id)).toEqual(edition.map((a) => a.id));
    expect(found[0]).toEqual({
      id: edition[0]?.id,
      slug: edition[0]?.slug,
      title: edition[0]?.title,
      excerpt: edition[0]?.excerpt,
      replayed: false,
    });
    expect(meter.queries).toBe(1);
    // SQLite counts the IN list's own rows besides the articles': two a wanted id, whatever the archive holds.
    expect(meter.rowsRead).toBeLessThanOrEqual(2 * ids.length);
  });
});
