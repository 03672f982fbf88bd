import { describe, expect, it } from "vitest";
import type { GenerationStatus } from "#schema/contracts/newsroom.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";

/** Every admin newsroom call, as the Worker serves it. */
const CALLS: [method: "GET" | "POST", path: string, body?: unknown][] = [
  ["POST", "/api/admin/generate-daily-roundup"],
  ["POST", "/api/admin/generate-trending-analysis"],
  ["POST", "/api/admin/generate-lunarcrush-data"],
  ["POST", "/api/admin/generate-trending-top-100"],
  ["POST", "/api/admin/generate-trending-101-300"],
  ["POST", "/api/admin/generate-trending-301-500"],
  ["GET", "/api/admin/generation-status"],
  ["GET", "/api/admin/daily-summary"],
  ["POST", "/api/admin/retry-generation", { generationType: "trending_top_100", date: "2026-11-12" }],
  ["POST", "/api/admin/watchdog-recovery"],
  ["GET", "/api/admin/download-lunarcrush-data/1-100"],
];

async function status(agent: BrowserAgent, [method, path, body]: (typeof CALLS)[number]): Promise<{ status: number; code: string }> {
  const res = await agent.fetch(path, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  const json = (await res.json()) as { error?: { code: string } };
  return { status: res.status, code: json.error?.code ?? "" };
}

describe("admin newsroom API behind the admin guard", () => {
  it("refuses every call when signed out (401) and for members (403), before any work starts", async () => {
    const guest = new BrowserAgent();
    const member = new BrowserAgent({ ADMIN_EMAILS: "chief@example.com" });
    await member.signInOffline("reader@example.com", "Reader");
    for (const call of CALLS) {
      expect(await status(guest, call), call[1]).toEqual({ status: 401, code: "UNAUTHORIZED" });
      expect(await status(member, call), call[1]).toEqual({ status: 403, code: "FORBIDDEN" });
    }
  });

  it("answers an admin, privately", async () => {
    const admin = new BrowserAgent({ ADMIN_EMAILS: "chief@example.com" });
    await admin.signInOffline("chief@example.com", "Chief");
    const res = await admin.fetch("/api/admin/generation-status");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const body = (await res.json()) as GenerationStatus;
    expect(Object.keys(body)).toContain("lunarcrush_data");
    expect((await admin.fetch("/api/admin/daily-summary")).status).toBe(200);
  });

  it("refuses an admin's write sent from another site", async () => {
    const admin = new BrowserAgent({ ADMIN_EMAILS: "chief@example.com" });
    await admin.signInOffline("chief@example.com", "Chief");
    const res = await admin.fetch("/api/admin/watchdog-recovery", { method: "POST", site: "cross-site", from: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
