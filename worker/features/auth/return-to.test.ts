import { describe, expect, it } from "vitest";
import { BrowserAgent } from "#worker/test/browser-agent.ts";
import { refererPath, safeReturnTo } from "./return-to.ts";

const ORIGIN = "https://coinsight.test";

const attempts = [
  "https://evil.example/phish",
  "//evil.example/phish",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  " //evil.example",
  "javascript:alert(1)",
  "data:text/html,hi",
  "evil.example",
  "http:/evil.example",
  "/api/logout",
  "/api/login?returnTo=//evil.example",
  "",
  // Paths that only become protocol-relative once normalised.
  "/.//evil.example/x",
  "/a/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/././/evil.example",
];

describe("safeReturnTo", () => {
  it.each(attempts)("turns %j into /", (candidate) => {
    expect(safeReturnTo(candidate, ORIGIN)).toBe("/");
  });

  it.each([
    ["/markets?tab=watchlist", "/markets?tab=watchlist"],
    ["/coin/btc#chart", "/coin/btc#chart"],
    ["/account", "/account"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a/../coin/eth", "/coin/eth"],
  ])("keeps the same-origin path %j", (candidate, expected) => {
    expect(safeReturnTo(candidate, ORIGIN)).toBe(expected);
  });

  it("reads the Referer only when it is this site", () => {
    expect(refererPath("https://coinsight.test/coin/eth?x=1", ORIGIN)).toBe("/coin/eth?x=1");
    expect(refererPath("https://evil.example/coin/eth", ORIGIN)).toBeUndefined();
    expect(refererPath("not a url", ORIGIN)).toBeUndefined();
  });
});

describe("open redirects through the sign-in routes", () => {
  it.each(attempts.filter(Boolean))("signing in with returnTo=%j lands on /", async (returnTo) => {
    const agent = new BrowserAgent();
    const res = await agent.signInOffline(`redirect-${attempts.indexOf(returnTo)}@example.com`, "R", returnTo);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
  });

  it("the form page carries only a safe return path", async () => {
    const html = await (await new BrowserAgent().fetch(`/api/login?returnTo=${encodeURIComponent("//evil.example")}`)).text();
    expect(html).toContain('name="returnTo" value="/"');
    expect(html).not.toContain("evil.example");
  });

  it("the form's Cancel link never leaves the site for a normalised //host", async () => {
    const html = await (await new BrowserAgent().fetch(`/api/login?returnTo=${encodeURIComponent("/.//evil.example/x")}`)).text();
    expect(html).toContain('name="returnTo" value="/"');
    expect(html).not.toContain("evil.example");
  });

  it("defaults to the same-origin Referer, and ignores a foreign one", async () => {
    const same = await new BrowserAgent().fetch("/api/login", { headers: { referer: "https://coinsight.test/coin/eth" } });
    expect(await same.text()).toContain('name="returnTo" value="/coin/eth"');
    const foreign = await new BrowserAgent().fetch("/api/login", { headers: { referer: "https://evil.example/coin/eth" } });
    expect(await foreign.text()).toContain('name="returnTo" value="/"');
  });
});
