import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { makeUser } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, mock, server } from "#web/test/msw.ts";
import { HttpError, isUnauthorized } from "./api.ts";
import { apiUrl, fillPath, listAnswer, pageAnswer, queryString, request, requestOrNullOn401 } from "./api-client.ts";
import { webRoutes } from "./api-routes.ts";

describe("the typed client's URLs", () => {
  it("fills and encodes path parameters, and says which one is missing", () => {
    expect(fillPath("/api/articles/:id/versions/:versionId/restore", { id: 7, versionId: 41 })).toBe("/api/articles/7/versions/41/restore");
    expect(fillPath("/api/newsletter/unsubscribe/:token", { token: "a/b c?" })).toBe("/api/newsletter/unsubscribe/a%2Fb%20c%3F");
    expect(() => fillPath("/api/cryptos/:symbol", {})).toThrow("missing path parameter symbol");
  });

  it("serialises the defined query values in order", () => {
    expect(queryString({ page: 2, limit: 100, q: undefined, fromDb: "true", tag: ["a", "b"] })).toBe(
      "?page=2&limit=100&fromDb=true&tag=a&tag=b",
    );
    expect(queryString({ q: "eth & co" })).toBe("?q=eth+%26+co");
    expect(queryString({})).toBe("");
    expect(apiUrl("getPriceHistory", { params: { symbol: "btc" }, query: { range: "7d" } })).toBe("/api/cryptos/btc/history?range=7d");
  });

  it("holds every route it knows to the contract's method and path", () => {
    for (const [operation, line] of Object.entries(webRoutes)) {
      const route = apiContract[operation as keyof typeof webRoutes];
      expect({ method: route.method, path: route.path }).toEqual(line);
    }
  });
});

describe("request()", () => {
  it("sends the method, the JSON body and the cookies, and answers the body", async () => {
    server.use(
      mock(
        apiContract.addToWatchlist,
        ({ body }) => ({ success: true as const, inWatchlist: true, changed: true, cryptoSymbol: body.cryptoSymbol }),
        { status: 201 },
      ),
    );
    const answer = await request("addToWatchlist", { body: { cryptoSymbol: "BTC", cryptoName: "Bitcoin" } });
    expect(answer.inWatchlist).toBe(true);
    expect(calls).toMatchObject([{ method: "POST", path: "/api/watchlist/add", body: { cryptoSymbol: "BTC", cryptoName: "Bitcoin" } }]);
  });

  it("throws HttpError with the server's message; a 401 is 'unauthorized' and null where signed-out is an answer", async () => {
    server.use(mock(apiContract.getCurrentUser, errorBody("UNAUTHORIZED", "Unauthorized"), { status: 401 }));
    const error = await request("getCurrentUser").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).serverMessage).toBe("Unauthorized");
    expect(isUnauthorized(error)).toBe(true);
    expect(await requestOrNullOn401("getCurrentUser")).toBeNull();

    server.use(mock(apiContract.getCurrentUser, makeUser()));
    expect(await requestOrNullOn401("getCurrentUser")).toMatchObject({ email: "ada@example.com" });
  });

  it("tells a list answer from a page answer", () => {
    expect(listAnswer([1, 2])).toEqual([1, 2]);
    expect(() => listAnswer({ data: [] })).toThrow("Expected a list");
    expect(pageAnswer({ data: [] })).toEqual({ data: [] });
    expect(() => pageAnswer([])).toThrow("Expected a page");
  });
});
