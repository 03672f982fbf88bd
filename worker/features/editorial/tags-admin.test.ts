import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  type AdminTag,
  type AdminTagList,
  TAG_ADDRESS_TAKEN,
  TAG_MERGE_SELF,
  TAG_NOT_FOUND_ADMIN,
  type TagChange,
} from "#schema/contracts/admin-tags.ts";
import type { Tag } from "#schema/contracts/article-meta.ts";
import type { EditableArticle, SavedArticle } from "#schema/contracts/editorial.ts";
import { articleTags as articleTagRows, tags as tagRows } from "#schema/db/content.ts";
import indexHtml from "#web/index.html?raw";
import { getDb } from "#worker/lib/db.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { call, getJson } from "#worker/test/http.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { mergeTag } from "./tags-admin.ts";
import { saveBody } from "./test-support.ts";

/**
 * The desk's Tags tab (docs/decisions/editorial/tags.md): counts, a rename whose old address leads to
 * the new one, a merge, a delete, and who may do them. Each test tags its own articles through the
 * desk's save, as an editor would.
 */
type Err = { error: { code: string; message: string; issues?: { path: string; message: string }[] } };

beforeAll(() => {
  // The pages read the SPA's shell from the assets: the source index.html stands in for the build.
  vi.spyOn(env.ASSETS, "fetch").mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/") return new Response("Not found", { status: 404 });
    return new Response(indexHtml, { headers: { "content-type": "text/html; charset=utf-8" } });
  });
});

const admin = () => signedIn("chief@example.com");

/** Saves `names` as the article's tags through the desk. */
async function tagThrough(id: number, names: string[]): Promise<SavedArticle> {
  const agent = await admin();
  const article = (await send<EditableArticle>(agent, "GET", `/api/articles/${id}/edit`)).body;
  const saved = await send<SavedArticle>(agent, "PUT", `/api/articles/${id}`, saveBody(article, { tags: names }));
  expect(saved.status).toBe(200);
  return saved.body;
}

async function listed(): Promise<AdminTag[]> {
  const res = await send<AdminTagList>(await admin(), "GET", "/api/admin/tags");
  expect(res.status).toBe(200);
  return res.body.tags;
}

async function tagNamed(slug: string): Promise<AdminTag> {
  const tag = (await listed()).find((t) => t.slug === slug);
  if (!tag) throw new Error(`no tag ${slug}`);
  return tag;
}

const articleTags = async (id: number) =>
  (await send<EditableArticle>(await admin(), "GET", `/api/articles/${id}/edit`)).body.tags.map((t) => t.slug);

describe("the Tags tab's list", () => {
  it("lists every tag by name with the articles that carry it, and how many readers see", async () => {
    const live = await insertArticle({ slug: "list-live" });
    const draft = await insertArticle({ slug: "list-draft", status: "draft", publishedAt: null });
    const trashed = await insertArticle({ slug: "list-trashed" });
    await tagThrough(live.id, ["Zebra Coins", "apple pie"]);
    await tagThrough(draft.id, ["Zebra Coins"]);
    await tagThrough(trashed.id, ["Zebra Coins"]);
    expect((await send(await admin(), "DELETE", `/api/articles/${trashed.id}`)).status).toBe(200);

    const tags = await listed();
    const zebra = tags.find((t) => t.slug === "zebra-coins");
    expect(zebra).toMatchObject({ name: "Zebra Coins", articles: 2, publicArticles: 1 });
    expect(tags.find((t) => t.slug === "apple-pie")).toMatchObject({ articles: 1, publicArticles: 1 });
    const names = tags.map((t) => t.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it("is for admins only: 401 signed out, 403 for a member, and says nothing to either", async () => {
    expect((await call("/api/admin/tags")).status).toBe(401);
    const member = await signedIn("reader@example.com");
    const refused = await send<Err>(member, "GET", "/api/admin/tags");
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('tags":');
    expect((await send(member, "PATCH", "/api/admin/tags/1", { name: "Taken over" })).status).toBe(403);
    expect((await send(member, "POST", "/api/admin/tags/1/merge", { into: 2 })).status).toBe(403);
    expect((await send(member, "DELETE", "/api/admin/tags/1")).status).toBe(403);
  });
});

describe("renaming a tag", () => {
  it("moves its page: the old address answers 301 to the new one, and the API answers with the current slug", async () => {
    const row = await insertArticle({ slug: "rename-live" });
    await tagThrough(row.id, ["Layer Two"]);
    expect((await call("/tag/layer-two")).status).toBe(200);
    const tag = await tagNamed("layer-two");

    const renamed = await send<TagChange>(await admin(), "PATCH", `/api/admin/tags/${tag.id}`, { name: "  Layer 2   Rollups " });
    expect(renamed.status).toBe(200);
    expect(renamed.body.tag).toMatchObject({ id: tag.id, slug: "layer-2-rollups", name: "Layer 2 Rollups", articles: 1 });
    expect(renamed.body.message).toBe('Renamed "Layer Two" to "Layer 2 Rollups". /tag/layer-two now leads to /tag/layer-2-rollups.');

    const old = await call("/tag/layer-two?page=2", { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/tag/layer-2-rollups?page=2");
    expect((await call("/tag/layer-2-rollups")).status).toBe(200);
    expect((await getJson<Tag>("/api/tags/layer-two")).body).toEqual({ slug: "layer-2-rollups", name: "Layer 2 Rollups" });
    expect((await getJson<{ slug: string }[]>("/api/tags/layer-two/articles")).body.map((a) => a.slug)).toEqual(["rename-live"]);
    expect(await articleTags(row.id)).toEqual(["layer-2-rollups"]);
  });

  it("keeps its address when only the spelling changes", async () => {
    const row = await insertArticle({ slug: "respell-live" });
    await tagThrough(row.id, ["defi"]);
    const tag = await tagNamed("defi");
    const renamed = await send<TagChange>(await admin(), "PATCH", `/api/admin/tags/${tag.id}`, { name: "DeFi" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.tag).toMatchObject({ slug: "defi", name: "DeFi" });
    expect(renamed.body.message).toBe('Renamed "defi" to "DeFi".');
    expect((await getJson<Tag>("/api/tags/defi")).body.name).toBe("DeFi");
  });

  it("refuses another tag's address (409, merge instead) and a name without a letter (400), changing nothing", async () => {
    const row = await insertArticle({ slug: "clash-live" });
    await tagThrough(row.id, ["Staking", "Restaking"]);
    const restaking = await tagNamed("restaking");
    const clash = await send<Err>(await admin(), "PATCH", `/api/admin/tags/${restaking.id}`, { name: "STAKING" });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(TAG_ADDRESS_TAKEN);
    const empty = await send<Err>(await admin(), "PATCH", `/api/admin/tags/${restaking.id}`, { name: " -- " });
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues?.[0]).toMatchObject({ path: "name", message: "A tag needs at least one letter or digit" });
    expect((await send<Err>(await admin(), "PATCH", "/api/admin/tags/abc", { name: "Fine" })).status).toBe(400);
    const missing = await send<Err>(await admin(), "PATCH", "/api/admin/tags/99999", { name: "Fine" });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(TAG_NOT_FOUND_ADMIN);
    expect(await tagNamed("restaking")).toMatchObject({ name: "Restaking", articles: 1 });
  });

  it("is kept when an editor open since before the rename saves the old name", async () => {
    const row = await insertArticle({ slug: "stale-editor" });
    await tagThrough(row.id, ["Memecoins"]);
    const tag = await tagNamed("memecoins");
    expect((await send(await admin(), "PATCH", `/api/admin/tags/${tag.id}`, { name: "Meme Coins" })).status).toBe(200);
    // The stale form still carries "Memecoins": the save writes the tag it became, not a new one.
    const saved = await tagThrough(row.id, ["Memecoins"]);
    expect(saved.article.tags).toEqual([{ slug: "meme-coins", name: "Meme Coins" }]);
    expect((await listed()).filter((t) => t.slug === "memecoins")).toEqual([]);
  });
});

describe("merging a tag into another", () => {
  it("moves its articles to the other (one tag where an article had both) and its address to the other's page", async () => {
    const both = await insertArticle({ slug: "merge-both" });
    const onlyOld = await insertArticle({ slug: "merge-only-old" });
    await tagThrough(both.id, ["Stablecoin", "Stablecoins"]);
    await tagThrough(onlyOld.id, ["Stablecoin"]);
    const from = await tagNamed("stablecoin");
    const into = await tagNamed("stablecoins");

    const merged = await send<TagChange>(await admin(), "POST", `/api/admin/tags/${from.id}/merge`, { into: into.id });
    expect(merged.status).toBe(200);
    expect(merged.body.tag).toMatchObject({ id: into.id, slug: "stablecoins", articles: 2, publicArticles: 2 });
    expect(await articleTags(both.id)).toEqual(["stablecoins"]);
    expect(await articleTags(onlyOld.id)).toEqual(["stablecoins"]);
    expect((await listed()).some((t) => t.id === from.id)).toBe(false);
    const old = await call("/tag/stablecoin", { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/tag/stablecoins");
  });

  it("refuses a merge into itself (400) or into a tag that is gone (404)", async () => {
    const row = await insertArticle({ slug: "merge-refused" });
    await tagThrough(row.id, ["Oracles"]);
    const tag = await tagNamed("oracles");
    const self = await send<Err>(await admin(), "POST", `/api/admin/tags/${tag.id}/merge`, { into: tag.id });
    expect(self.status).toBe(400);
    expect(self.body.error.issues?.[0]).toMatchObject({ path: "into", message: TAG_MERGE_SELF });
    expect((await send(await admin(), "POST", `/api/admin/tags/${tag.id}/merge`, { into: 99999 })).status).toBe(404);
    expect((await send(await admin(), "POST", `/api/admin/tags/${tag.id}/merge`, { into: "two" })).status).toBe(400);
    expect(await articleTags(row.id)).toEqual(["oracles"]);
  });
});

describe("a change that races another admin's", () => {
  it("answers 404, not 500, and writes nothing, when the tag it merges into is deleted between its checks and its write", async () => {
    const row = await insertArticle({ slug: "merge-race" });
    await tagThrough(row.id, ["Race source", "Race target"]);
    const from = await tagNamed("race-source");
    const into = await tagNamed("race-target");
    const db = getDb(env.DB);
    const batch = db.batch.bind(db);
    // The other admin's delete lands after this merge read both tags.
    vi.spyOn(db, "batch").mockImplementationOnce(async (statements) => {
      await batch([db.delete(articleTagRows).where(eq(articleTagRows.tagId, into.id)), db.delete(tagRows).where(eq(tagRows.id, into.id))]);
      return batch(statements);
    });
    await expect(mergeTag(db, from.id, into.id)).rejects.toMatchObject({ code: "NOT_FOUND", message: TAG_NOT_FOUND_ADMIN });
    // The merge's batch is one transaction: the source tag and its article are as they were.
    expect(await articleTags(row.id)).toEqual(["race-source"]);
  });
});

describe("deleting a tag", () => {
  it("takes it off every article, and its page and earlier addresses answer 404", async () => {
    const row = await insertArticle({ slug: "delete-live" });
    await tagThrough(row.id, ["Airdrops", "Keep me"]);
    const tag = await tagNamed("airdrops");
    expect((await send(await admin(), "PATCH", `/api/admin/tags/${tag.id}`, { name: "Airdrop Season" })).status).toBe(200);
    const removed = await send<{ message: string }>(await admin(), "DELETE", `/api/admin/tags/${tag.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Deleted "Airdrop Season" and took it off 1 article.');
    expect(await articleTags(row.id)).toEqual(["keep-me"]);
    expect((await call("/tag/airdrop-season")).status).toBe(404);
    expect((await call("/tag/airdrops", { redirect: "manual" })).status).toBe(404);
    expect((await send(await admin(), "DELETE", `/api/admin/tags/${tag.id}`)).status).toBe(404);
  });
});
