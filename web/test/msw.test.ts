import { afterEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { articleSchema, articleSummarySchema } from "#schema/contracts/article.ts";
import { authUserSchema, subscriptionSchema } from "#schema/contracts/auth.ts";
import { cryptoSchema } from "#schema/contracts/crypto.ts";
import { makeSubscription, makeUser } from "./auth-fixtures.ts";
import { makeArticle, makeArticleSummary, makeCrypto } from "./fixtures.ts";
import { calls, errorBody, errorResponse, failure, mock, networkError, notTheApi, server, takeFailures } from "./msw.ts";

// Each test here breaks the contract on purpose: read what was noted, then clear it so setup.ts
// does not fail the test for it.
afterEach(() => {
  takeFailures();
});

describe("mock()", () => {
  it("answers with the fake when it parses, and records the call", async () => {
    server.use(mock(apiContract.getCrypto, makeCrypto()));
    const res = await fetch("/api/cryptos/BTC?fromDb=true");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ symbol: "BTC" });
    expect(calls).toMatchObject([{ operation: "getCrypto", path: "/api/cryptos/BTC?fromDb=true", params: { symbol: "BTC" } }]);
    expect(takeFailures()).toEqual([]);
  });

  it("fails the test when the fake's answer does not parse with the route's schema", async () => {
    server.use(mock(apiContract.getCrypto, { ...makeCrypto(), priceUsd: "64,039" } as never));
    const res = await fetch("/api/cryptos/BTC");
    expect(res.status).toBe(500);
    const [failure] = takeFailures();
    expect(failure).toContain("getCrypto: the fake's 200 answer does not parse");
    expect(failure).toContain("priceUsd");
  });

  it("fails the test when the fake sends a field the schema does not declare", async () => {
    server.use(
      mock(apiContract.getSiteStatus, { demo: false, demoDataFrom: null, recordedAt: null, replayedAt: null, banner: "hi" } as never),
    );
    await fetch("/api/site-status");
    expect(takeFailures()).toEqual(["getSiteStatus: the fake's 200 answer has fields the schema does not declare: banner"]);
  });

  it("checks an error answer against its own status, and refuses statuses the route never answers", async () => {
    server.use(mock(apiContract.getCrypto, errorBody("NOT_FOUND", "No such coin"), { status: 404 }));
    expect((await fetch("/api/cryptos/NOPE")).status).toBe(404);
    expect(takeFailures()).toEqual([]);

    server.use(mock(apiContract.getCrypto, errorResponse(409, "CONFLICT", "never")));
    expect((await fetch("/api/cryptos/NOPE")).status).toBe(500);
    expect(takeFailures()).toEqual(["getCrypto: the contract declares no 409 answer"]);

    server.use(mock(apiContract.getCrypto, new Response("gone", { status: 404 })));
    await fetch("/api/cryptos/NOPE");
    expect(takeFailures()[0]).toContain("use notTheApi()");
  });

  it("fails a fake that answers success to a request the server refuses, but not one that answers 400", async () => {
    server.use(mock(apiContract.addToWatchlist, { success: true, inWatchlist: true, changed: true, cryptoSymbol: "BTC" }, { status: 201 }));
    await fetch("/api/watchlist/add", { method: "POST", body: JSON.stringify({ cryptoSymbol: "BTC" }) });
    expect(takeFailures()[0]).toMatch(/addToWatchlist: the fake accepted a body the server refuses[\s\S]*cryptoName/);

    server.use(mock(apiContract.addToWatchlist, errorBody("BAD_REQUEST", "Invalid body"), { status: 400 }));
    expect((await fetch("/api/watchlist/add", { method: "POST", body: "{}" })).status).toBe(400);
    expect(takeFailures()).toEqual([]);

    server.use(mock(apiContract.listGuides, []));
    await fetch("/api/guides?limit=3");
    expect(takeFailures()[0]).toContain("listGuides: the fake accepted a query the server refuses");
  });

  it("leaves a static path to its own route: /api/cryptos/gainers is not a coin", async () => {
    server.use(mock(apiContract.listGainers, [makeCrypto()]), mock(apiContract.getCrypto, makeCrypto({ symbol: "ETH" })));
    expect(await (await fetch("/api/cryptos/gainers?limit=5")).json()).toHaveLength(1);
    expect(calls.map((c) => c.operation)).toEqual(["listGainers"]);
  });

  it("passes the request to a function answer and counts the calls", async () => {
    server.use(mock(apiContract.checkWatchlist, ({ params, count }) => ({ inWatchlist: params.symbol === "BTC" && count === 1 })));
    expect(await (await fetch("/api/watchlist/check/BTC")).json()).toEqual({ inWatchlist: true });
    expect(await (await fetch("/api/watchlist/check/BTC")).json()).toEqual({ inWatchlist: false });
  });
});

describe("answers that are not the API's", () => {
  it("failure() sends a 5xx with any body, networkError() drops the connection, notTheApi() sends anything", async () => {
    server.use(failure(apiContract.getSiteStatus, 503, { body: "down", once: true }));
    const res = await fetch("/api/site-status");
    expect([res.status, await res.text()]).toEqual([503, "down"]);

    server.use(networkError(apiContract.getSiteStatus, { once: true }));
    await expect(fetch("/api/site-status")).rejects.toThrow(TypeError);

    server.use(notTheApi(apiContract.getSiteStatus, new Response("<html>", { status: 200 })));
    expect(await (await fetch("/api/site-status")).text()).toBe("<html>");
    expect(takeFailures()).toEqual([]);
  });
});

it("notes a request no handler answers", async () => {
  await fetch("/api/site-status").catch(() => undefined);
  expect(takeFailures().join()).toContain("/api/site-status");
});

describe("the fixtures", () => {
  it("parse with the contract's schemas", () => {
    expect(cryptoSchema.safeParse(makeCrypto()).success).toBe(true);
    expect(articleSummarySchema.safeParse(makeArticleSummary()).success).toBe(true);
    expect(articleSchema.safeParse(makeArticle()).success).toBe(true);
    expect(authUserSchema.safeParse(makeUser()).success).toBe(true);
    expect(subscriptionSchema.safeParse(makeSubscription()).success).toBe(true);
  });
});
