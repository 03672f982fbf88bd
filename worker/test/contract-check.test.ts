import { describe, expect, it } from "vitest";
import { checkAnswer } from "./contract-check.ts";
import { ORIGIN } from "./http.ts";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const error = (code: string, status: number) => json({ error: { code, message: "m", requestId: "r" } }, status);
const check = (method: string, path: string, res: Response) => checkAnswer(method, `${ORIGIN}${path}`, res);

describe("checking answers against the contract table", () => {
  it("accepts a declared status whose body parses, and the one error body for a declared error", async () => {
    await expect(check("GET", "/api/watchlist/check/BTC", json({ inWatchlist: true }))).resolves.toBeUndefined();
    await expect(check("GET", "/api/watchlist/check/BTC", error("UNAUTHORIZED", 401))).resolves.toBeUndefined();
    await expect(
      check(
        "GET",
        "/api/site-status",
        json({ demo: true, demoDataFrom: "2026-11-01", recordedAt: "2026-11-01T12:00:00Z", replayedAt: null }),
      ),
    ).resolves.toBeUndefined();
  });

  it("refuses an undeclared status, naming the route and what is declared", async () => {
    await expect(check("GET", "/api/watchlist/check/BTC", error("NOT_FOUND", 404))).rejects.toThrow(
      "GET /api/watchlist/check/BTC answered 404: 404 is not declared for checkWatchlist in schema/contracts/api (declared: 200, 400, 401)",
    );
  });

  it("refuses a body that does not parse, and a field the schema does not declare", async () => {
    await expect(check("GET", "/api/watchlist/check/BTC", json({ inWatchlist: "yes" }))).rejects.toThrow(
      /does not match its contract schema:[\s\S]*inWatchlist/,
    );
    await expect(check("GET", "/api/watchlist/check/BTC", json({ inWatchlist: true, secret: 1 }))).rejects.toThrow(
      "the answer has fields its contract schema does not declare: secret",
    );
    await expect(
      check("GET", "/api/watchlist/check/BTC", json({ error: { code: "NOPE", message: "m", requestId: "r" } }, 401)),
    ).rejects.toThrow(/does not match/);
  });

  it("refuses another content type than the declared one, and JSON where a page is declared", async () => {
    const html = new Response("<p>hi</p>", { headers: { "content-type": "text/html; charset=UTF-8" } });
    await expect(check("GET", "/api/site-status", html)).rejects.toThrow("declares a JSON body for 200");
    await expect(check("GET", "/api/docs", json({}))).rejects.toThrow("answered JSON but apiReference declares text/html");
    const rss = new Response("<rss/>", { headers: { "content-type": "text/plain" } });
    await expect(check("GET", "/rss.xml", rss)).rejects.toThrow('declares "application/rss+xml; charset=utf-8"');
  });

  it("picks the static route over a parameter, and knows unknown /api paths answer only the one error body", async () => {
    await expect(check("GET", "/api/cryptos/gainers", json({ inWatchlist: true }))).rejects.toThrow("(listGainers)");
    await expect(check("GET", "/api/nowhere", error("NOT_FOUND", 404))).resolves.toBeUndefined();
    await expect(check("GET", "/api/nowhere", json({ ok: true }))).rejects.toThrow("no route in the contract table");
    await expect(check("GET", "/assets/app.js", new Response("x"))).resolves.toBeUndefined();
  });
});
