import { afterEach, describe, expect, it, vi } from "vitest";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { callWithEnv } from "#worker/test/http.ts";
import { EDGE_CACHE_HEADER } from "./public-cache.ts";

// callWithEnv waits for the request's waitUntil work, so a copy written after the first answer is
// there for the second: the second is always a kept copy (from the isolate's memory or the colo).
const get = (path: string, headers: Record<string, string> = {}) => callWithEnv({}, path, { headers });
const idOf = (res: Response) => res.headers.get("x-request-id");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => vi.restoreAllMocks());

describe("every answer carries its own request id", () => {
  it.each([
    // The public reads' colo cache (public-cache.ts): marked MISS, then HIT.
    ["/api/guides", "HIT"],
    ["/api/categories", "HIT"],
    // Answers a route keeps in the colo's cache and the isolate's memory (edge-cache.ts): unmarked.
    ["/api/cryptos?limit=10", null],
    ["/api/cryptos?page=1&limit=20", null],
    ["/api/cryptos/BTC?fromDb=true", null],
    ["/api/market/global", null],
  ])("%s: a kept copy never replays the first request's id", async (path, mark) => {
    const answers = [await get(path), await get(path), await get(path)];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[2]?.headers.get(EDGE_CACHE_HEADER) ?? null).toBe(mark);
    const ids = answers.map(idOf);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(3);
  });

  it("a kept copy answers with the id the client sent (its own trace id)", async () => {
    await get("/api/guides");
    const mine = await get("/api/guides", { "x-request-id": "trace-abc-1" });
    const theirs = await get("/api/guides", { "x-request-id": "trace-abc-2" });
    expect(mine.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect([idOf(mine), idOf(theirs)]).toEqual(["trace-abc-1", "trace-abc-2"]);
  });

  it("an error's header, body and log line name the same id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // D1 unreachable: the request fails in the Worker, which logs it with its id.
    const down = new Proxy({} as D1Database, {
      get: () => {
        throw new Error("D1 is down");
      },
    });
    const res = await callWithEnv({ DB: down }, "/api/categories", {}, { unchecked: true });
    expect(res.status).toBe(500);
    const { error } = (await res.json()) as ErrorBody;
    const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as { requestId: string };
    expect(idOf(res)).toMatch(UUID);
    expect([error.requestId, line.requestId]).toEqual([idOf(res), idOf(res)]);
  });
});
