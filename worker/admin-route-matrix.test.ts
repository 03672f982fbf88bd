import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { beforeAll, describe, expect, it } from "vitest";
import { apiContract, type RouteContract } from "#schema/contracts/api/index.ts";
import { app } from "#worker/app.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { requireAdmin } from "#worker/lib/auth.ts";
import { onError } from "#worker/lib/errors.ts";
import { boundRoute } from "#worker/lib/route.ts";
import { sameOriginWrites } from "#worker/lib/same-origin.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { ORIGIN } from "#worker/test/http.ts";

/**
 * How an admin-only route is recognised: everything under /api/admin, plus every route whose
 * contract entry says `access: "admin"` (admin features that live elsewhere, e.g. the article
 * editor's writes). Every such route must actually refuse guests, members and cross-site writes.
 */
const ADMIN_IN_CONTRACT: ReadonlySet<string> = new Set(
  Object.values(apiContract as Record<string, RouteContract>)
    .filter((r) => r.access === "admin")
    .map((r) => `${r.method} ${r.path}`),
);

type Route = { method: string; path: string };
type Role = "guest" | "member" | "admin";
type Send = (role: Role, method: string, path: string, crossSite: boolean) => Promise<Response>;

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The app's own route table: one entry per (method, path) with a handler, middleware excluded. */
function routeTable(routes: { method: string; path: string }[]): Route[] {
  const seen = new Map<string, Route>();
  for (const r of routes) if (METHODS.has(r.method)) seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}

function isAdminOnly(route: Route): boolean {
  return route.path.startsWith("/api/admin/") || ADMIN_IN_CONTRACT.has(`${route.method} ${route.path}`);
}

/** A concrete URL for a route pattern (":range", ":id{[0-9]+}" and "*" all become a harmless value). */
function concrete(path: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "1").replace(/\*/g, "x");
}

/** Everything wrong with the guard of `routes`, as readable lines (empty: all guarded). */
async function guardViolations(routes: Route[], send: Send): Promise<string[]> {
  const problems: string[] = [];
  const expectError = async (res: Response, status: number, code: string, what: string) => {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    if (res.status !== status || body?.error?.code !== code) problems.push(`${what}: answered ${res.status} ${body?.error?.code ?? ""}`);
  };
  for (const { method, path } of routes) {
    const url = concrete(path);
    await expectError(await send("guest", method, url, false), 401, "UNAUTHORIZED", `${method} ${path} as a guest`);
    await expectError(await send("member", method, url, false), 403, "FORBIDDEN", `${method} ${path} as a member`);
    if (WRITES.has(method))
      await expectError(await send("admin", method, url, true), 403, "FORBIDDEN", `${method} ${path} cross-site as an admin`);
  }
  return problems;
}

const agents = {} as Record<Role, BrowserAgent>;
beforeAll(async () => {
  agents.guest = new BrowserAgent();
  agents.member = new BrowserAgent({ ADMIN_EMAILS: "matrix-admin@example.com" });
  await agents.member.signInOffline("matrix-member@example.com", "Member");
  agents.admin = new BrowserAgent({ ADMIN_EMAILS: "matrix-admin@example.com" });
  await agents.admin.signInOffline("matrix-admin@example.com", "Admin");
});

function requestInit(method: string, crossSite: boolean): RequestInit & { site: "same-origin" | "cross-site"; from?: string } {
  const body = WRITES.has(method) ? { body: "{}", headers: { "content-type": "application/json" } } : {};
  return crossSite ? { method, ...body, site: "cross-site", from: "https://evil.example" } : { method, ...body, site: "same-origin" };
}

const sendToApp: Send = (role, method, path, crossSite) => agents[role].fetch(path, requestInit(method, crossSite));

describe("admin route matrix, from the app's own route table", () => {
  const routes = routeTable(app.routes);
  const admin = routes.filter(isAdminOnly);

  it("finds the admin routes (the table is read, not a hand list)", () => {
    expect(admin.length).toBeGreaterThanOrEqual(12);
    expect(admin).toContainEqual({ method: "GET", path: "/api/admin/outbox" });
    expect(admin).toContainEqual({ method: "POST", path: "/api/admin/retry-generation" });
  });

  it("every admin-only route answers 401 to guests, 403 to members and 403 to an admin's cross-site write", async () => {
    expect(await guardViolations(admin, sendToApp)).toEqual([]);
  });

  it("every route outside /api/admin that uses requireAdmin is declared admin in the contract", () => {
    const adminGuarded = (handler: unknown) => handler === requireAdmin || boundRoute(handler)?.chain.includes(requireAdmin);
    const guarded = app.routes.filter((r) => METHODS.has(r.method) && adminGuarded(r.handler) && !r.path.startsWith("/api/admin/"));
    expect(guarded.length).toBeGreaterThanOrEqual(7);
    for (const r of guarded) expect(ADMIN_IN_CONTRACT, `${r.method} ${r.path}`).toContain(`${r.method} ${r.path}`);
  });

  it("catches a route that forgets the guard", async () => {
    // The mistake this matrix exists for: an admin route mounted where the /admin guard does not reach.
    const careless = new Hono<AppEnv>()
      .use(requestId())
      .use(sameOriginWrites())
      .post("/api/admin/forgotten", (c) => c.json({ ok: true }, 200))
      .use("/api/admin/*", requireAdmin)
      .get("/api/admin/guarded", (c) => c.json({ ok: true }, 200));
    careless.onError(onError);
    const send: Send = async (role, method, path, crossSite) => {
      const { site, from, ...init } = requestInit(method, crossSite);
      const headers = new Headers(init.headers);
      headers.set("sec-fetch-site", site);
      if (WRITES.has(method)) headers.set("origin", from ?? ORIGIN);
      if (agents[role].cookies.size) headers.set("cookie", agents[role].cookieHeader());
      const ctx = createExecutionContext();
      const res = await careless.fetch(new Request(new URL(path, ORIGIN), { ...init, headers }), env, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const problems = await guardViolations(routeTable(careless.routes).filter(isAdminOnly), send);
    expect(problems).toEqual([
      "POST /api/admin/forgotten as a guest: answered 200 ",
      "POST /api/admin/forgotten as a member: answered 200 ",
    ]);
  });
});
