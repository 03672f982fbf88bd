import { describe, expect, it } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { callWithEnv } from "#worker/test/http.ts";

async function signedIn(email: string): Promise<BrowserAgent> {
  const agent = new BrowserAgent();
  await agent.signInOffline(email, "Member");
  return agent;
}

const addBtc = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ cryptoSymbol: "BTC", cryptoName: "Bitcoin" }),
};

describe("cross-origin writes are refused", () => {
  it("refuses a POST whose Origin is another site, even with the member's cookie", async () => {
    const agent = await signedIn("csrf-origin@example.com");
    const res = await agent.fetch("/api/watchlist/add", { ...addBtc, from: "https://evil.example", site: "same-origin" });
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("FORBIDDEN");
    expect((await agent.json<unknown[]>("/api/watchlist")).body).toEqual([]);
  });

  it("refuses a request the browser labels cross-site or same-site", async () => {
    const agent = await signedIn("csrf-site@example.com");
    expect((await agent.fetch("/api/watchlist/add", { ...addBtc, site: "cross-site" })).status).toBe(403);
    expect((await agent.fetch("/api/watchlist/remove/BTC", { method: "DELETE", site: "cross-site" })).status).toBe(403);
    const sameSite = await agent.fetch("/api/watchlist/add", { ...addBtc, site: "same-origin" });
    expect(sameSite.status).toBe(201);
  });

  it("refuses a cross-site form post to the sign-in form (login CSRF)", async () => {
    const agent = new BrowserAgent();
    const res = await agent.fetch("/api/login", {
      method: "POST",
      site: "cross-site",
      from: "https://evil.example",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "planted@example.com", firstName: "Planted" }),
    });
    expect(res.status).toBe(403);
    expect(agent.cookies.size).toBe(0);
  });

  it("accepts an opaque Origin (null) only when the browser vouches the request is same-origin", async () => {
    const agent = await signedIn("opaque@example.com");
    expect((await agent.fetch("/api/watchlist/add", { ...addBtc, from: "null", site: "same-origin" })).status).toBe(201);
    expect((await agent.fetch("/api/watchlist/remove/BTC", { method: "DELETE", from: "null", site: "cross-site" })).status).toBe(403);
  });

  it("serves the sign-in form with a Referrer-Policy that keeps Origin on its post", async () => {
    const res = await new BrowserAgent().fetch("/api/login");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("lets non-browser clients (no Origin, no Sec-Fetch-Site) through to authentication", async () => {
    const res = await callWithEnv({}, "/api/watchlist/add", addBtc);
    expect(res.status).toBe(401);
  });

  it("accepts the configured public origin", async () => {
    const agent = new BrowserAgent({ PUBLIC_ORIGIN: "https://coinsight.news" });
    await agent.signInOffline("public-origin@example.com", "P");
    const res = await agent.fetch("/api/watchlist/add", { ...addBtc, from: "https://coinsight.news" });
    expect(res.status).toBe(201);
  });
});

describe("cookie names and attributes per origin", () => {
  it("uses __Host- Secure cookies on loopback http, which browsers treat as secure", async () => {
    const agent = new BrowserAgent({ APP_ENV: "development" }, "http://127.0.0.1:8787");
    const res = await agent.signInOffline("loopback@example.com", "Loop");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-coinsight_session=")) ?? "";
    expect(cookie).toMatch(/; Secure/);
    expect((await agent.fetch("/api/auth/user")).status).toBe(200);
  });

  it("refuses the local sign-in on a development LAN address (loopback only)", async () => {
    const agent = new BrowserAgent({ APP_ENV: "development" }, "http://192.168.1.20:8787");
    const res = await agent.signInOffline("lan@example.com", "Lan");
    expect(res.status).toBe(503);
    expect(res.headers.getSetCookie().some((c) => c.includes("coinsight_session="))).toBe(false);
  });
});
