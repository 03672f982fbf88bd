import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ALREADY_POSTED_MESSAGE, type TwitterPostResult } from "#schema/contracts/editorial.ts";
import { articles } from "#schema/db/content.ts";
import { outbox } from "#schema/db/outbox.ts";
import { getDb } from "#worker/lib/db.ts";
import duplicateContent from "#worker/ports/social/fixtures/duplicate-content.json";
import serviceUnavailable from "#worker/ports/social/fixtures/service-unavailable.json";
import tweetCreated from "#worker/ports/social/fixtures/tweet-created.json";
import { insertArticle } from "#worker/test/articles.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";

type Err = { error: { code: string; message: string } };
const X = { X_USER_ACCESS_TOKEN: "user-token-123", PUBLIC_ORIGIN: "https://coinsight.news" };

function replayX(body: unknown, status: number) {
  return vi
    .spyOn(globalThis, "fetch")
    .mockImplementation(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
}

const row = async (id: number) => (await getDb(env.DB).select().from(articles).where(eq(articles.id, id)))[0];

afterEach(() => vi.restoreAllMocks());

describe("POST /api/admin/articles/{id}/post-twitter", () => {
  it("offline: posts once into the outbox's social channel, even with two admins clicking together", async () => {
    const a = await insertArticle({ title: "Comet token climbs" });
    const [ada, bob] = await Promise.all([signedIn("chief@example.com"), signedIn("deputy@example.com")]);
    const results = await Promise.all([
      send<TwitterPostResult | Err>(ada, "POST", `/api/admin/articles/${a.id}/post-twitter`),
      send<TwitterPostResult | Err>(bob, "POST", `/api/admin/articles/${a.id}/post-twitter`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((results.find((r) => r.status === 409)?.body as Err | undefined)?.error.message).toBe(ALREADY_POSTED_MESSAGE);
    expect((results.find((r) => r.status === 200)?.body as TwitterPostResult | undefined)?.channel).toBe("outbox");
    const posts = await getDb(env.DB).select().from(outbox).where(eq(outbox.channel, "social"));
    const mine = posts.filter((p) => p.bodyText.startsWith("Comet token climbs"));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.bodyText).toBe(`Comet token climbs\n\nhttps://coinsight.test/article/${a.slug}`);
    expect((await row(a.id))?.twitterPosted).toBe(true);
    // Later clicks are refused too.
    const again = await send<Err>(ada, "POST", `/api/admin/articles/${a.id}/post-twitter`);
    expect([again.status, again.body.error.message]).toEqual([409, ALREADY_POSTED_MESSAGE]);
  });

  it("live: posts through X API v2 with the user token, once for two concurrent clicks", async () => {
    const a = await insertArticle({ title: "Nova coin breaks out" });
    const spy = replayX(tweetCreated, 201);
    const [ada, bob] = await Promise.all([signedIn("chief@example.com", X), signedIn("deputy@example.com", X)]);
    const results = await Promise.all([
      send<TwitterPostResult | Err>(ada, "POST", `/api/admin/articles/${a.id}/post-twitter`),
      send<TwitterPostResult | Err>(bob, "POST", `/api/admin/articles/${a.id}/post-twitter`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const xCalls = spy.mock.calls.filter(([url]) => String(url) === "https://api.x.com/2/tweets");
    expect(xCalls).toHaveLength(1);
    expect(JSON.parse(String(xCalls[0]?.[1]?.body))).toEqual({ text: `Nova coin breaks out\n\nhttps://coinsight.news/article/${a.slug}` });
    expect(await row(a.id)).toMatchObject({ twitterPosted: true, twitterPostId: "1861446393402249582", twitterClaimedAt: null });
  });

  it("live: a refusal by X releases the claim; an uncertain failure holds it", async () => {
    const admin = await signedIn("chief@example.com", X);
    const refused = await insertArticle();
    replayX(duplicateContent, 403);
    const res = await send<Err>(admin, "POST", `/api/admin/articles/${refused.id}/post-twitter`);
    expect(res.status).toBe(500);
    expect(res.body.error.message).toContain("You are not allowed to create a Tweet with duplicate content.");
    expect(await row(refused.id)).toMatchObject({ twitterPosted: false, twitterClaimedAt: null });

    vi.restoreAllMocks();
    const uncertain = await insertArticle();
    replayX(serviceUnavailable, 503);
    expect((await send(admin, "POST", `/api/admin/articles/${uncertain.id}/post-twitter`)).status).toBe(500);
    expect((await row(uncertain.id))?.twitterClaimedAt).toEqual(expect.any(String));
    const blocked = await send<Err>(admin, "POST", `/api/admin/articles/${uncertain.id}/post-twitter`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toContain("outcome is unknown");
  });

  it("refuses drafts and unknown or trashed articles", async () => {
    const admin = await signedIn("chief@example.com");
    const draft = await insertArticle({ status: "draft", publishedAt: null });
    expect((await send(admin, "POST", `/api/admin/articles/${draft.id}/post-twitter`)).status).toBe(400);
    expect((await send(admin, "POST", "/api/admin/articles/999999/post-twitter")).status).toBe(404);
    const trashed = await insertArticle({ deletedAt: new Date().toISOString() });
    expect((await send(admin, "POST", `/api/admin/articles/${trashed.id}/post-twitter`)).status).toBe(404);
  });
});
