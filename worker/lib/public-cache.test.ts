import { describe, expect, it } from "vitest";
import { insertArticle } from "#worker/test/articles.ts";
import { callWithEnv } from "#worker/test/http.ts";
import { ADMIN_EMAIL, send, signedIn } from "#worker/test/signed-in.ts";
import { EDGE_CACHE_HEADER } from "./public-cache.ts";

type Page = { articles: { slug: string; status?: string }[]; total?: number };
type Search = { counts: { articles: number } };

const get = (path: string, init?: RequestInit) => callWithEnv({}, path, init);
const source = (res: Response) => res.headers.get(EDGE_CACHE_HEADER);

describe("the edge cache for public reads", () => {
  it("answers a second identical GET from the colo's cache, without D1", async () => {
    const q = `/api/search?q=${crypto.randomUUID().slice(0, 8)}`;
    const first = await get(q);
    expect(source(first)).toBe("MISS");
    expect(((await first.json()) as Search).counts.articles).toBe(0);
    // A row written behind the content version's back: only D1 knows it, so a hit cannot show it.
    const slugWord = new URL(q, "https://x").searchParams.get("q") ?? "";
    await insertArticle({ title: `Hidden ${slugWord} story`, slug: `hidden-${slugWord}` }, { invalidate: false });
    const second = await get(q);
    expect(source(second)).toBe("HIT");
    expect(((await second.json()) as Search).counts.articles).toBe(0);
    expect(second.headers.get("cache-control")).toBe("public, max-age=30");
    expect(second.headers.get("x-request-id")).toBeTruthy();
    // The same query after the next content write (another article, which bumps the content version): the row was in D1 all along.
    await insertArticle();
    const third = await get(q);
    expect(source(third)).toBe("MISS");
    expect(((await third.json()) as Search).counts.articles).toBe(1);
  });

  it("shows a content edit at once: the content version is part of every content key", async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const article = await insertArticle();
    const path = `/api/articles/${article.slug}`;
    expect(source(await get(path))).toBe("MISS");
    expect(source(await get(path))).toBe("HIT");
    const saved = await send(admin, "DELETE", `/api/articles/${article.id}`);
    expect(saved.status).toBe(200);
    const after = await get(path);
    expect(after.status).toBe(404);
    expect(source(after)).not.toBe("HIT");
  });

  it("never stores an admin's private article list, and never shows it to anyone else", async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const draft = await insertArticle({ status: "draft", publishedAt: null });
    const mine = await admin.fetch("/api/articles?page=1&limit=100");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(source(mine)).toBe("BYPASS");
    expect(((await mine.json()) as Page).articles.map((a) => a.slug)).toContain(draft.slug);

    const publicList = await get("/api/articles?page=1&limit=100");
    expect(source(publicList)).toBe("MISS");
    expect(((await publicList.json()) as Page).articles.map((a) => a.slug)).not.toContain(draft.slug);
    expect(source(await get("/api/articles?page=1&limit=100"))).toBe("HIT");
    // The public entry now exists; the admin still gets the desk's list, not the cached one.
    const again = await admin.fetch("/api/articles?page=1&limit=100");
    expect(source(again)).toBe("BYPASS");
    expect(((await again.json()) as Page).articles.map((a) => a.slug)).toContain(draft.slug);
  });

  it("gives a signed-in reader of a public list the same public answer", async () => {
    const member = await signedIn(`reader-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const anonymous = await get("/api/guides");
    const body = await anonymous.text();
    const signedInRes = await member.fetch("/api/guides");
    expect(source(signedInRes)).toBe("HIT");
    expect(signedInRes.headers.get("set-cookie")).toBeNull();
    expect(await signedInRes.text()).toBe(body);
  });

  it("stores validated spellings only, and never errors", async () => {
    expect(source(await get("/api/articles?limit=010"))).toBe("BYPASS");
    expect(source(await get("/api/articles?limit=010"))).toBe("BYPASS");
    expect(source(await get("/api/articles?limit=7"))).toBe("MISS");
    expect(source(await get("/api/articles?limit=7"))).toBe("HIT");
    const bad = await get("/api/articles?limit=0");
    expect(bad.status).toBe(400);
    expect(source(bad)).toBe("BYPASS");
    const missing = await get("/api/articles/no-such-article-here");
    expect(missing.status).toBe(404);
    expect(source(await get("/api/articles/no-such-article-here"))).toBe("BYPASS");
  });

  it("leaves prices to the isolate's memory and to the routes that cache themselves", async () => {
    for (const path of ["/api/cryptos?limit=10", "/api/cryptos/btc", "/api/cryptos?page=2&limit=20", "/api/cryptos/btc/history?range=7d"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(source(res), path).toBeNull();
    }
  });

  it("leaves private and state-changing calls alone", async () => {
    const member = await signedIn(`private-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const me = await member.fetch("/api/auth/user");
    expect(source(me)).toBeNull();
    const watch = await member.fetch("/api/watchlist");
    expect(source(watch)).toBeNull();
    expect(await caches.default.match(new Request("https://coinsight.test/__edge/api/watchlist?"))).toBeUndefined();
  });
});
