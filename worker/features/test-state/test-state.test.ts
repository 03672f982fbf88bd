import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CONTENT_VERSION_KEY } from "#worker/features/content/index.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { ADMIN_EMAIL, send, signedIn } from "#worker/test/signed-in.ts";

const PATH = "/api/dev/d1";

describe("POST /api/dev/d1: the e2e harness's way into the site's own database", () => {
  it("runs an admin's statements in order, in one transaction, and answers each one's rows", async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const res = await send<{ results: unknown[][] }>(admin, "POST", PATH, {
      statements: [
        { sql: "INSERT INTO categories (name, slug, kind) VALUES (?1, ?2, 'news')", params: ["Harness", "harness"] },
        { sql: "SELECT name FROM categories WHERE slug = ?1", params: ["harness"] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([[], [{ name: "Harness" }]]);

    // One failing statement undoes the call's earlier ones, and SQLite's words come back in a 400.
    const failed = await send<{ error: { code: string; message: string } }>(admin, "POST", PATH, {
      statements: [{ sql: "DELETE FROM categories WHERE slug = 'harness'" }, { sql: "SELECT nope FROM categories" }],
    });
    expect(failed.status).toBe(400);
    expect(failed.body.error.message).toMatch(/^SQLite refused a statement: .*no such column: nope/);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM categories WHERE slug = 'harness'").first("n")).toBe(1);
  });

  it("starts a new content version when asked, so the site's caches read the change at once", async () => {
    const admin = await signedIn(ADMIN_EMAIL);
    const before = await env.KV.get(CONTENT_VERSION_KEY);
    await send(admin, "POST", PATH, { statements: [{ sql: "SELECT 1" }] });
    expect(await env.KV.get(CONTENT_VERSION_KEY)).toBe(before);
    await send(admin, "POST", PATH, { statements: [{ sql: "SELECT 1" }], invalidateContent: true });
    expect(await env.KV.get(CONTENT_VERSION_KEY)).not.toBe(before);
  });

  it("is for admins only, refuses a bad body with the one error shape, and a cross-site write", async () => {
    const body = { statements: [{ sql: "SELECT 1" }] };
    expect((await send(new BrowserAgent(), "POST", PATH, body)).status).toBe(401);
    expect((await send(await signedIn("reader@example.com"), "POST", PATH, body)).status).toBe(403);
    const admin = await signedIn(ADMIN_EMAIL);
    const bad = await send<{ error: { code: string; issues: { path: string }[] } }>(admin, "POST", PATH, { statements: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues.map((i) => i.path)).toEqual(["statements"]);
    const crossSite = await admin.fetch(PATH, {
      method: "POST",
      site: "cross-site",
      from: "https://evil.example",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
  });

  it("does not exist on a deployed site: 404 before any other check, even for an admin", async () => {
    const admin = await signedIn(ADMIN_EMAIL, { APP_ENV: "production" });
    const res = await send<{ error: { code: string } }>(admin, "POST", PATH, { statements: [{ sql: "SELECT 1" }] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("NOT_FOUND");
    expect((await send(new BrowserAgent({ APP_ENV: "production" }), "POST", PATH, {})).status).toBe(404);
  });
});
