import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { errorBodySchema } from "#schema/contracts/error.ts";
import { app } from "#worker/app.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

/**
 * Property-based fuzzing of every API route in the app's own route table: random query strings,
 * path parameters and bodies (JSON, form, text, junk) must never produce a 5xx, and every JSON
 * error must be the one error shape. Runs in workerd, with a bounded number of runs per route.
 */
const RUNS_PER_ROUTE = 20;

/** Routes that start real work and take no input worth fuzzing (their guard is covered by the admin matrix). */
const NOT_FUZZED = new Set([
  "POST /api/dev/newsroom/run-today",
  "POST /api/admin/generate-daily-roundup",
  "POST /api/admin/generate-trending-analysis",
  "POST /api/admin/generate-lunarcrush-data",
  "POST /api/admin/generate-trending-top-100",
  "POST /api/admin/generate-trending-101-300",
  "POST /api/admin/generate-trending-301-500",
  "POST /api/admin/watchdog-recovery",
]);

/** Full-page navigations that answer HTML (sign-in pages, the confirmation page, redirects): only "no 5xx" applies. */
const HTML_ROUTES = new Set([
  "GET /api/login",
  "POST /api/login",
  "GET /api/callback",
  "GET /api/logout",
  "POST /api/logout",
  "GET /api/newsletter/confirm/:token",
  "POST /api/newsletter/confirm/:token",
  "GET /api/newsletter/one-click/:token",
  "GET /api/alerts/unsubscribe/:list/:token",
  "POST /api/alerts/unsubscribe/:list/:token",
  // Scalar's reference page (the document at /api/openapi.json is JSON and fuzzed like any route).
  "GET /api/docs",
]);

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);
const routes = [
  ...new Set(app.routes.filter((r) => METHODS.has(r.method) && r.path.startsWith("/api/")).map((r) => `${r.method} ${r.path}`)),
].filter((r) => !NOT_FUZZED.has(r));

const QUERY_KEYS = ["limit", "page", "kind", "q", "fromDb", "returnTo", "code", "state", "date", "channel"];
const SPECIAL = [
  "",
  "0",
  "-1",
  "1e309",
  "NaN",
  "true",
  "false",
  "null",
  "\u0000",
  "\u0001",
  "\u007f",
  "\n",
  "../..",
  "'; DROP TABLE users;--",
  "9".repeat(40),
];
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 1 },
  { arbitrary: fc.constantFrom(...SPECIAL), weight: 2 },
  // Control characters hidden inside ordinary text (a NUL in a search query used to be a 500).
  {
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom("\u0000", "\u0001", "\u001b", "\u007f"), fc.string({ maxLength: 8 }))
      .map((p) => p.join("")),
    weight: 2,
  },
  { arbitrary: fc.integer().map(String), weight: 1 },
);
// Mostly one known parameter (so validation is reached, not just the unknown-key refusal), sometimes junk.
const query = fc.oneof(
  { arbitrary: fc.tuple(fc.constantFrom(...QUERY_KEYS), text).map(([k, v]) => ({ [k]: v })), weight: 3 },
  { arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 12 })), text, { maxKeys: 4 }), weight: 1 },
);
const param = fc.oneof(text, fc.constantFrom("btc", "BTC", "1-100", "what-is-bitcoin", "x".repeat(300))).filter((p) => p.length > 0);
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      email: text,
      symbol: text,
      name: text,
      generationType: fc.oneof(text, fc.constantFrom("trending_top_100", "daily_roundup")),
      date: fc.oneof(text, fc.constantFrom("2026-11-12", "2026-02-30")),
    },
    { requiredKeys: [] },
  ),
);
const body = fc.oneof(
  jsonBody.map((v) => ({ type: "application/json", body: JSON.stringify(v) })),
  fc.string({ maxLength: 200 }).map((s) => ({ type: "application/json", body: s })),
  fc
    .dictionary(fc.string({ maxLength: 10 }), text)
    .map((d) => ({ type: "application/x-www-form-urlencoded", body: new URLSearchParams(d).toString() })),
  fc.string({ unit: "binary", maxLength: 200 }).map((s) => ({ type: "text/plain", body: s })),
  fc.constant({ type: "multipart/form-data; boundary=x", body: "--x\r\nnot really multipart" }),
  fc.constant({ type: "", body: "" }),
);

let member: BrowserAgent;
let admin: BrowserAgent;
beforeAll(async () => {
  member = new BrowserAgent({ ADMIN_EMAILS: "fuzz-admin@example.com" });
  await member.signInOffline("fuzz-member@example.com", "Member");
  admin = new BrowserAgent({ ADMIN_EMAILS: "fuzz-admin@example.com" });
  await admin.signInOffline("fuzz-admin@example.com", "Admin");
});

describe("fuzzing every API route (no 5xx, one error shape)", () => {
  it("covers the route table", () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it.each(routes)("%s", async (route) => {
    const [method = "GET", pattern = "/"] = route.split(" ");
    const names = [...pattern.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
    // Sign-in and sign-out routes change the browser's session: each run gets its own member.
    const agentFor = async () => {
      if (pattern.startsWith("/api/admin/")) return admin;
      if (/^\/api\/(login|logout|callback)/.test(pattern)) {
        const fresh = new BrowserAgent();
        await fresh.signInOffline(`fuzz-${crypto.randomUUID()}@example.com`, "Fuzz");
        return fresh;
      }
      return member;
    };
    const quiet = vi.spyOn(console, "warn").mockImplementation(() => {});
    await fc.assert(
      fc.asyncProperty(fc.array(param, { minLength: names.length, maxLength: names.length }), query, body, async (params, q, b) => {
        let path = pattern;
        names.forEach((name, i) => {
          path = path.replace(`:${name}`, encodeURIComponent(params[i] ?? "x"));
        });
        const search = new URLSearchParams(q).toString();
        const url = search ? `${path}?${search}` : path;
        const withBody = method !== "GET" && method !== "HEAD";
        const init: RequestInit = withBody ? { method, body: b.body, headers: b.type ? { "content-type": b.type } : {} } : { method };
        const res = await (await agentFor()).fetch(url, init);
        const where = `${method} ${url} ${withBody ? `[${b.type}] ${b.body.slice(0, 80)}` : ""}`;
        expect(res.status, where).toBeLessThan(500);
        if (HTML_ROUTES.has(route)) return;
        if (res.status >= 400) {
          expect(res.headers.get("content-type") ?? "", where).toContain("application/json");
          const parsed = errorBodySchema.safeParse(await res.json());
          expect(parsed.success, where).toBe(true);
        }
      }),
      // A fresh seed each run; a failure prints its seed and path, to replay with `{ seed, path }` here.
      { numRuns: RUNS_PER_ROUTE },
    );
    quiet.mockRestore();
  });
});
