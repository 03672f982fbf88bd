import { describe, expect, it } from "vitest";
import { insertArticle } from "#worker/test/articles.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { send, signedIn } from "#worker/test/signed-in.ts";
import { DRAFT_FORM } from "./test-support.ts";

/** Every call of the desk that is admin-only, with a body where it needs one. */
async function calls(): Promise<[string, string, unknown?][]> {
  const { id } = await insertArticle();
  return [
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users/someone/role", { role: "premium" }],
    ["GET", `/api/articles/${id}/edit`],
    ["PUT", `/api/articles/${id}`, { title: "T", content: "<p>x</p>", categoryId: 18, isPublished: true, revision: 1 }],
    ["GET", `/api/articles/${id}/versions`],
    ["POST", `/api/articles/${id}/versions/1/restore`],
    ["DELETE", `/api/articles/${id}`],
    ["GET", "/api/admin/trash"],
    ["POST", `/api/admin/trash/${id}/restore`],
    ["DELETE", `/api/admin/trash/${id}`],
    ["POST", `/api/admin/articles/${id}/post-twitter`],
    ["POST", `/api/admin/articles/${id}/publish`],
    ["POST", `/api/admin/articles/${id}/regenerate`],
    ["GET", `/api/articles/${id}/schedule`],
    ["PUT", `/api/articles/${id}/schedule`, { publishAt: new Date(Date.now() + 3_600_000).toISOString() }],
    ["DELETE", `/api/articles/${id}/schedule`],
    ["GET", "/api/admin/scheduled-articles"],
    ["GET", `/api/articles/${id}/draft`],
    ["PUT", `/api/articles/${id}/draft`, { form: DRAFT_FORM, baseRevision: 1 }],
    ["DELETE", `/api/articles/${id}/draft`],
  ];
}

describe("the editors' desk behind the admin guard", () => {
  it("refuses every call signed out (401) and for members (403), and changes nothing", async () => {
    const guest = new BrowserAgent();
    const member = await signedIn("reader@example.com");
    for (const [method, path, body] of await calls()) {
      const asGuest = await send<{ error: { code: string } }>(guest, method, path, body);
      expect([asGuest.status, asGuest.body.error.code], `${method} ${path}`).toEqual([401, "UNAUTHORIZED"]);
      const asMember = await send<{ error: { code: string } }>(member, method, path, body);
      expect([asMember.status, asMember.body.error.code], `${method} ${path}`).toEqual([403, "FORBIDDEN"]);
    }
  });

  it("answers a member's and a guest's GET /api/articles with the public list, without drafts", async () => {
    const draft = await insertArticle({ status: "draft", publishedAt: null, title: "Secret draft of the desk" });
    const member = await signedIn("reader@example.com");
    for (const agent of [new BrowserAgent(), member]) {
      const res = await send<{ articles: { id: number; content?: string }[] }>(agent, "GET", "/api/articles?page=1&limit=100");
      expect(res.status).toBe(200);
      expect(res.res.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=240");
      expect(res.body.articles.some((a) => a.id === draft.id)).toBe(false);
      expect(res.body.articles[0]?.content).toBeUndefined();
      // The admin list's filters are not part of the public call.
      expect((await send(agent, "GET", "/api/articles?page=1&status=draft")).status).toBe(400);
    }
  });

  it("refuses cross-site writes even from an admin", async () => {
    const { id } = await insertArticle();
    const admin = await signedIn("chief@example.com");
    const res = await admin.fetch(`/api/articles/${id}`, { method: "DELETE", site: "cross-site", from: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await send(admin, "GET", `/api/articles/${id}/edit`)).status).toBe(200);
  });
});
