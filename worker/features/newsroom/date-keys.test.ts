import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emptyMeter, meterD1, metered } from "#worker/bench-meter.ts";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { countByTask, generationRecords, heldForReview } from "./articles.ts";

/**
 * The newsroom looks up a day's articles by their generation keys ("{date}:{task}…") every run: each
 * trending task counts what it wrote, and the status and the admin's generation records list the
 * day. With 100,000 articles those lookups walked the archive (LIKE cannot use the keys' index), so
 * they must cost the day's articles, whatever the archive holds.
 */
describe("a newsroom day's articles, found by their generation keys", () => {
  it("are read from the keys' index: the rows read do not grow with the archive", async () => {
    expect(meterD1(env.DB)).toBe(true);
    const date = "2031-03-14";
    const day = [
      await insertArticle({ generationKey: `${date}:daily_roundup`, categoryId: 18 }),
      await insertArticle({ generationKey: `${date}:trending_top_100:bitcoin`, categoryId: 17 }),
      await insertArticle({ generationKey: `${date}:trending_top_100:ethereum`, categoryId: 17, status: "review", publishedAt: null }),
      await insertArticle({ generationKey: `${date}:trending_101_300:aave`, categoryId: 17, deletedAt: new Date().toISOString() }),
    ];
    // Other days, before and after, including keys that share the date's first characters.
    for (let i = 0; i < 150; i++) {
      await insertArticle({ generationKey: `2031-03-${String(1 + (i % 28)).padStart(2, "0")}x:t:${i}` }, { invalidate: false });
      await insertArticle({ generationKey: `2031-0${1 + (i % 9)}-15:trending_top_100:c${i}` }, { invalidate: false });
    }
    const db = getDb(env.DB);
    const meter = emptyMeter();
    const [counts, held, records] = await metered(meter, () =>
      Promise.all([countByTask(db, date), heldForReview(db, date), generationRecords(db, date)]),
    );

    expect(Object.fromEntries(counts)).toEqual({
      daily_roundup: { published: 1, review: 0 },
      trending_top_100: { published: 1, review: 1 },
    });
    expect(held).toEqual([day[2]?.title]);
    expect(records.map((r) => r.id)).toEqual(day.map((a) => a.id));
    expect(meter.queries).toBe(3);
    // A few rows a day's article per query (the index entry and the row), none for the other 300.
    expect(meter.rowsRead).toBeLessThanOrEqual(3 * 2 * day.length);
  });
});
