import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { RouteContract } from "#schema/contracts/api/route-contract.ts";
import { app } from "#worker/app.ts";
import type { AppEnv } from "#worker/lib/app-env.ts";
import { requireAdmin, requireUser } from "#worker/lib/auth.ts";
import { boundRoute, contractRoutes, route } from "#worker/lib/route.ts";
import { validationOf } from "#worker/lib/validate.ts";

/**
 * The contract table and the app's own route table must agree both ways: every route the Worker
 * answers is documented, every documented route exists and is made by `route()` from its own entry
 * (so the compiler holds its answers to the entry), and each validator validates with the very
 * schema its contract entry declares (so the OpenAPI document cannot drift from what is enforced).
 * Each path is written once, in its entry: `contractRoutes` registers every handler at its own
 * entry's method and path, and this test holds the app's table to that, entry by entry.
 */
type Handler = { method: string; path: string; handler: unknown };
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const TARGET_TO_PART = { json: "body", form: "body", query: "query", param: "params" } as const;

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

function routeTable(routes: Handler[]): Map<string, Handler[]> {
  const table = new Map<string, Handler[]>();
  for (const r of routes) {
    if (!METHODS.has(r.method)) continue;
    table.set(key(r), [...(table.get(key(r)) ?? []), r]);
  }
  return table;
}

/** Middleware registered with `.use(path, mw)` (method ALL) that covers `path`. */
function middlewareOn(path: string): unknown[] {
  return app.routes
    .filter((r) => r.method === "ALL")
    .filter((r) => {
      if (r.path === path) return true;
      if (!r.path.endsWith("/*")) return false;
      const prefix = r.path.slice(0, -2);
      return path === prefix || path.startsWith(`${prefix}/`);
    })
    .map((r) => r.handler);
}

/** Everything wrong between the route table and the contract, as readable lines (empty: they agree). */
function contractProblems(routes: Handler[], contract: Record<string, RouteContract>): string[] {
  const problems: string[] = [];
  const table = routeTable(routes);
  const documented = new Map(Object.entries(contract).map(([id, c]) => [key(c), { id, c }]));
  for (const [route, handlers] of table) {
    const entry = documented.get(route);
    if (!entry) {
      problems.push(`${route}: not in the contract table (schema/contracts/api)`);
      continue;
    }
    const { id, c } = entry;
    const made = handlers.map((h) => boundRoute(h.handler)).find((b) => b !== undefined);
    if (!made) problems.push(`${route} (${id}): not made with route(apiContract.${id}, ...)`);
    else if (made.contract !== c) problems.push(`${route} (${id}): made with route() from another entry (${key(made.contract)})`);
    // The route's own steps (guard, validators) and any middleware registered before it.
    const steps = [...handlers.map((h) => h.handler), ...(made?.chain ?? [])];
    const validated = new Set<string>();
    for (const step of steps) {
      const v = validationOf(step);
      if (!v) continue;
      const part = TARGET_TO_PART[v.target as keyof typeof TARGET_TO_PART];
      validated.add(part);
      const declared = c.request?.[part];
      if (!declared) problems.push(`${route} (${id}): validates its ${part} but the contract declares no request.${part}`);
      else if (declared !== v.schema) problems.push(`${route} (${id}): validates its ${part} with a schema other than the contract's`);
    }
    for (const part of ["params", "query", "body"] as const) {
      if (c.request?.[part] && !validated.has(part) && !made?.skipValidation.includes(part))
        problems.push(`${route} (${id}): the contract declares request.${part} but no validator checks it`);
    }
    const all = [...steps, ...middlewareOn(c.path)];
    const admin = c.path.startsWith("/api/admin/") || all.includes(requireAdmin);
    const member = !admin && all.includes(requireUser);
    const access = admin ? "admin" : member ? "member" : "public";
    if (c.access !== access) problems.push(`${route} (${id}): access is "${c.access}" in the contract but the route is ${access}`);
    const statuses = new Set(Object.keys(c.responses).map(Number));
    const need = (status: number, why: string) => {
      if (!statuses.has(status)) problems.push(`${route} (${id}): answers ${status} (${why}) but does not declare it`);
    };
    if (validated.size) need(400, "invalid request");
    if (c.access !== "public") need(401, "signed out");
    if (c.access === "admin") need(403, "members");
    if (WRITES.has(c.method) && c.path.startsWith("/api/") && !c.selfAuthenticating) need(403, "cross-site write");
    if (WRITES.has(c.method) && c.path.startsWith("/api/")) need(413, "body too large");
  }
  for (const [route, { id }] of documented)
    if (!table.has(route)) problems.push(`${route} (${id}): documented but the app has no such route`);
  return problems;
}

/** A Hono pattern as a RegExp: `:name` is one segment, `:name{re}` is `re`. */
function patternOf(path: string): RegExp {
  const source = path
    .split(/(:\w+(?:\{[^}]*\})?)/)
    .map((part) => {
      if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const own = /\{(.*)\}$/.exec(part);
      return own ? `(?:${own[1]})` : "[^/]+";
    })
    .join("");
  return new RegExp(`^${source}$`);
}

/**
 * Where the app registers each entry's handler, as readable lines (empty: every entry exactly once, at
 * its own method and path, and no static path listed after a pattern that answers it first).
 */
function placementProblems(routes: Handler[], contract: Record<string, RouteContract>): string[] {
  const problems: string[] = [];
  const idOf = new Map(Object.entries(contract).map(([id, c]) => [c, id]));
  const placed = new Map<RouteContract, string[]>();
  const earlier: Handler[] = [];
  for (const r of routes) {
    const made = boundRoute(r.handler);
    if (!made) continue;
    const id = idOf.get(made.contract) ?? `an entry outside the table (${key(made.contract)})`;
    if (key(r) !== key(made.contract)) problems.push(`${id}: registered at ${key(r)}, but its entry says ${key(made.contract)}`);
    placed.set(made.contract, [...(placed.get(made.contract) ?? []), key(r)]);
    // Hono answers with the first route registered that matches: a static path after a pattern that matches it is never reached.
    const shadow = r.path.includes(":") ? undefined : earlier.find((e) => e.method === r.method && patternOf(e.path).test(r.path));
    if (shadow) problems.push(`${id}: ${key(r)} is registered after ${key(shadow)}, which answers it first`);
    earlier.push(r);
  }
  for (const [id, c] of Object.entries(contract)) {
    const at = placed.get(c) ?? [];
    if (at.length !== 1) problems.push(`${id}: registered ${at.length} times (${at.join(", ") || "nowhere"}), not once`);
  }
  return problems;
}

describe("each route is registered once, at its own entry's method and path", () => {
  it("holds for the app's route table", () => {
    expect(placementProblems(app.routes, apiContract)).toEqual([]);
  });

  it("catches a handler at another path, one registered twice or not at all, and a static path listed too late", () => {
    const { getSiteStatus, listGuides, listGainers, getCrypto } = apiContract;
    const gainers = route(listGainers, (c) => c.json([], 200));
    const crypto = route(getCrypto, (c) => c.json({} as never, 200));
    const routes: Handler[] = [
      { method: "GET", path: "/api/status", handler: siteStatus },
      { method: "GET", path: "/api/site-status", handler: siteStatus },
      { method: "GET", path: "/api/cryptos/:symbol", handler: crypto },
      { method: "GET", path: "/api/cryptos/gainers", handler: gainers },
    ];
    const contract = { getSiteStatus, listGuides, listGainers, getCrypto } as Record<string, RouteContract>;
    expect(placementProblems(routes, contract)).toEqual([
      "getSiteStatus: registered at GET /api/status, but its entry says GET /api/site-status",
      "listGainers: GET /api/cryptos/gainers is registered after GET /api/cryptos/:symbol, which answers it first",
      "getSiteStatus: registered 2 times (GET /api/status, GET /api/site-status), not once",
      "listGuides: registered 0 times (nowhere), not once",
    ]);
  });
});

describe("contractRoutes", () => {
  it("registers each handler at its entry's path below /api, and a page's at its own path, in the order listed", () => {
    const { robotsTxt } = apiContract;
    const robots = route(robotsTxt, (c) => c.text("", 200));
    const api = contractRoutes(siteStatus, [requireUser, siteStatusAgain]);
    const whole = new Hono<AppEnv>().route("/api", api).route("/", contractRoutes(robots));
    expect(whole.routes.map((r) => [r.method, r.path, r.handler])).toEqual([
      ["GET", "/api/site-status", siteStatus],
      ["GET", "/api/site-status", requireUser],
      ["GET", "/api/site-status", siteStatusAgain],
      ["GET", "/robots.txt", robots],
    ]);
  });

  it("refuses, when the module loads, a handler that route() did not make", () => {
    expect(() => contractRoutes(siteStatus, requireUser)).toThrow(/item 2 of 2 does not end in a handler made by route\(\)/);
    expect(() => contractRoutes([siteStatus, siteStatusAgain])).toThrow(/item 1 of 1 holds two routes/);
  });
});

describe("the contract table documents every route", () => {
  it("matches the app's route table both ways, with the same validation schemas", () => {
    expect(contractProblems(app.routes, apiContract)).toEqual([]);
  });

  it("reads the real route table (not an empty one)", () => {
    expect(routeTable(app.routes).size).toBeGreaterThanOrEqual(80);
    expect(Object.keys(apiContract).length).toBe(routeTable(app.routes).size);
  });

  it("catches an undocumented route, a missing one, and a validator the contract does not know", () => {
    const { getSiteStatus, addToWatchlist } = apiContract;
    const routes: Handler[] = [
      { method: "GET", path: "/api/site-status", handler: siteStatus },
      { method: "GET", path: "/api/forgotten", handler: () => null },
    ];
    const contract = { getSiteStatus, addToWatchlist } as Record<string, RouteContract>;
    expect(contractProblems(routes, contract)).toEqual([
      "GET /api/forgotten: not in the contract table (schema/contracts/api)",
      "POST /api/watchlist/add (addToWatchlist): documented but the app has no such route",
    ]);
  });

  it("catches a handler not made with route(), or made from another entry", () => {
    const routes: Handler[] = [
      { method: "GET", path: "/api/site-status", handler: () => null },
      { method: "GET", path: "/api/guides", handler: siteStatus },
    ];
    const { getSiteStatus, listGuides } = apiContract;
    expect(contractProblems(routes, { getSiteStatus, listGuides } as Record<string, RouteContract>)).toEqual([
      "GET /api/site-status (getSiteStatus): not made with route(apiContract.getSiteStatus, ...)",
      "GET /api/guides (listGuides): made with route() from another entry (GET /api/site-status)",
      "GET /api/guides (listGuides): the contract declares request.query but no validator checks it",
    ]);
  });

  it("catches a route validating with a schema of its own", async () => {
    const { validate } = await import("#worker/lib/validate.ts");
    const { z } = await import("zod");
    const { listGainers } = apiContract;
    const routes: Handler[] = [
      { method: "GET", path: "/api/cryptos/gainers", handler: validate("query", z.object({}).strict()) },
      { method: "GET", path: "/api/cryptos/gainers", handler: route(listGainers, (c) => c.json([], 200)) },
    ];
    expect(contractProblems(routes, { listGainers })).toEqual([
      "GET /api/cryptos/gainers (listGainers): validates its query with a schema other than the contract's",
    ]);
  });
});

/** A handler made from getSiteStatus's entry, for the tests above. */
const siteStatus = route(apiContract.getSiteStatus, (c) =>
  c.json({ demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null }, 200),
);
const siteStatusAgain = route(apiContract.getSiteStatus, (c) =>
  c.json({ demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null }, 200),
);
