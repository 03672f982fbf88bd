import { describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { callWithEnv } from "#worker/test/http.ts";

const SESSION = "__Host-coinsight_session";
const SECRET = "a-staging-secret-of-at-least-32-characters!";

async function localSessionCookie(): Promise<string> {
  const local = new BrowserAgent();
  await local.signInOffline(`local-${crypto.randomUUID()}@example.com`, "Local");
  return `${SESSION}=${local.cookies.get(SESSION)}`;
}

describe("APP_ENV fails closed", () => {
  it.each(["staging", "prod", "Production", "", "development "])(
    "APP_ENV=%j serves no local sign-in form and opens no session",
    async (appEnv) => {
      const agent = new BrowserAgent({ APP_ENV: appEnv, SESSION_SECRET: SECRET });
      const form = await agent.fetch("/api/login");
      expect(form.status).toBe(503);
      expect(await form.text()).not.toContain("<form");
      const post = await agent.signInOffline("admin@example.com", "Intruder");
      expect(post.status).not.toBe(303);
      expect(agent.cookies.has(SESSION)).toBe(false);
    },
  );

  it("an unknown APP_ENV refuses sessions with a clear error in the logs", async () => {
    const cookie = await localSessionCookie();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await callWithEnv({ APP_ENV: "staging", SESSION_SECRET: SECRET }, "/api/auth/user", { headers: { cookie } });
    expect(res.status).toBe(500);
    expect(((await res.json()) as ErrorBody).error.message).toBe("Sign-in is not configured on this server.");
    expect(log.mock.calls.flat().join("\n")).toContain('APP_ENV \\"staging\\" is not one of production, development, test');
    log.mockRestore();
  });

  it("development on a public host refuses the local form and the local key", async () => {
    const host = "https://staging.coinsight.example";
    const agent = new BrowserAgent({ APP_ENV: "development" }, host);
    expect((await agent.fetch("/api/login")).status).toBe(503);
    expect((await agent.signInOffline("admin@example.com", "Intruder")).status).not.toBe(303);
    expect(agent.cookies.size).toBe(0);
    const cookie = await localSessionCookie();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await callWithEnv({ APP_ENV: "development" }, `${host}/api/auth/user`, { headers: { cookie } });
    expect(res.status).toBe(500);
    vi.restoreAllMocks();
  });

  it("development on loopback keeps the local sign-in", async () => {
    const agent = new BrowserAgent({ APP_ENV: "development" }, "http://127.0.0.1:8787");
    expect((await agent.signInOffline("dev@example.com", "Dev")).status).toBe(303);
    expect((await agent.fetch("/api/auth/user")).status).toBe(200);
  });
});
