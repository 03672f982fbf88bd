import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetColoMemory, matchColo, putColo, REFRESH_GRACE_MS } from "./colo-cache.ts";

const key = (path: string) => `https://coinsight.test/__test${path}`;
const answer = (body: string, ttl: number) =>
  new Response(body, { headers: { "content-type": "application/json", "cache-control": `public, max-age=${ttl}` } });

afterEach(() => {
  forgetColoMemory();
  vi.restoreAllMocks();
});

describe("the colo's cache with the isolate's memory in front", () => {
  it("answers a stored entry from memory, without asking the colo, until the colo's copy would expire", async () => {
    const t0 = 1_800_000_000_000;
    await putColo(key("/a"), answer('{"a":1}', 60), t0);
    const match = vi.spyOn(caches.default, "match");
    const hit = await matchColo(key("/a"), t0 + 59_000);
    expect(await hit?.text()).toBe('{"a":1}');
    expect(hit?.headers.get("content-type")).toBe("application/json");
    expect(match).not.toHaveBeenCalled();
    // Read twice: each answer has its own body.
    expect(await (await matchColo(key("/a"), t0 + 59_000))?.text()).toBe('{"a":1}');
    // Past its lifetime the memory lets go and asks the colo (which keeps its own copy by its own clock).
    await matchColo(key("/a"), t0 + 61_000);
    expect(match).toHaveBeenCalledTimes(1);
  });

  it("gives each reader its own bytes: answers read together, in any order, all read whole", async () => {
    const t0 = 1_800_000_000_000;
    const body = JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => i) });
    await putColo(key("/big"), answer(body, 60), t0);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => matchColo(key("/big"), t0 + 1_000)));
    // One reader streams its body while another has not started; a third drops its body unread.
    await c?.body?.cancel();
    expect(await b?.text()).toBe(body);
    expect(await a?.text()).toBe(body);
    expect(await (await matchColo(key("/big"), t0 + 2_000))?.text()).toBe(body);
  });

  it("remembers a colo hit only for what is left of its lifetime", async () => {
    const t0 = Date.now();
    await putColo(key("/b"), answer("b", 30), t0);
    forgetColoMemory();
    const match = vi.spyOn(caches.default, "match");
    expect(await (await matchColo(key("/b"), t0 + 20_000))?.text()).toBe("b");
    expect(await (await matchColo(key("/b"), t0 + 29_000))?.text()).toBe("b");
    expect(match).toHaveBeenCalledTimes(1);
    await matchColo(key("/b"), t0 + 31_000);
    expect(match).toHaveBeenCalledTimes(2);
  });

  it("keeps its bookkeeping header out of an answer and forgets the least recently used first", async () => {
    const t0 = Date.now();
    await putColo(key("/c"), answer("c", 60), t0);
    const hit = await matchColo(key("/c"), t0);
    expect(hit?.headers.get("content-type")).toBe("application/json");
    expect(hit?.headers.get("x-stored-at")).toBeNull();
    // Nor from the colo's copy, which does carry it.
    forgetColoMemory();
    expect((await matchColo(key("/c"), t0))?.headers.get("x-stored-at")).toBeNull();
    expect((await caches.default.match(key("/c")))?.headers.get("x-stored-at")).toBe(String(t0));

    // 256 entries at most: the first one stored (and never read again) is dropped for the 257th.
    for (let i = 0; i < 257; i++) await putColo(key(`/many/${i}`), answer(String(i), 60), t0);
    const match = vi.spyOn(caches.default, "match");
    await matchColo(key("/many/256"), t0);
    expect(match).not.toHaveBeenCalled();
    await matchColo(key("/many/0"), t0);
    expect(match).toHaveBeenCalledTimes(1);
  });

  it("presents a remembered entry's headers once, for plain and gzipped hits alike, and again for a new entry", async () => {
    const t0 = Date.now();
    const body = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => i) });
    await putColo(key("/shown"), answer(body, 60), t0);
    const present = vi.fn((stored: [string, string][]): [string, string][] => [
      ...stored.filter(([name]) => name !== "cache-control"),
      ["x-shown", "yes"],
      ["vary", "Cookie"],
    ]);
    const plain = await matchColo(key("/shown"), t0, { present });
    const gzipped = await matchColo(key("/shown"), t0, { gzip: true, present });
    const again = await matchColo(key("/shown"), t0, { gzip: true, present });
    expect(present).toHaveBeenCalledTimes(1);
    for (const hit of [plain, gzipped, again]) {
      expect(hit?.headers.get("x-shown")).toBe("yes");
      expect(hit?.headers.get("cache-control")).toBeNull();
    }
    expect(plain?.headers.get("content-encoding")).toBeNull();
    expect(await plain?.text()).toBe(body);
    expect(gzipped?.headers.get("content-encoding")).toBe("gzip");
    // The caller's Vary is kept, and the compressed answer adds its own.
    expect(gzipped?.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    // Without `present`, the stored headers as they are: one entry serves callers that present it differently.
    expect((await matchColo(key("/shown"), t0))?.headers.get("cache-control")).toBe("public, max-age=60");
    await putColo(key("/shown"), answer("{}", 60), t0 + 1);
    await matchColo(key("/shown"), t0 + 1, { present });
    expect(present).toHaveBeenCalledTimes(2);
  });

  it("lets one request make an expired answer's successor while the others are answered the expired copy", async () => {
    const t0 = 1_800_000_000_000;
    await putColo(key("/tick"), answer("old", 10), t0);
    await caches.default.delete(key("/tick"));
    const expired = t0 + 10_000;
    // The first request after the lifetime finds nothing: it makes the successor.
    expect(await matchColo(key("/tick"), expired)).toBeUndefined();
    // Requests arriving meanwhile get the expired copy instead of each making their own.
    expect(await (await matchColo(key("/tick"), expired + 5))?.text()).toBe("old");
    expect(await (await matchColo(key("/tick"), expired + REFRESH_GRACE_MS - 1))?.text()).toBe("old");
    // Once stored, the successor is the answer.
    await putColo(key("/tick"), answer("new", 10), expired + 50);
    expect(await (await matchColo(key("/tick"), expired + 60))?.text()).toBe("new");
  });

  it("never serves an answer more than the grace past its lifetime, and retries a refresh that was never stored", async () => {
    const t0 = 1_800_000_000_000;
    await putColo(key("/late"), answer("old", 10), t0);
    await caches.default.delete(key("/late"));
    const expired = t0 + 10_000;
    expect(await matchColo(key("/late"), expired + 500)).toBeUndefined();
    expect(await (await matchColo(key("/late"), expired + 600))?.text()).toBe("old");
    // The refresh failed (nothing stored): past the grace the expired copy is let go and the next request tries again.
    expect(await matchColo(key("/late"), expired + REFRESH_GRACE_MS)).toBeUndefined();
    expect(await matchColo(key("/late"), expired + REFRESH_GRACE_MS + 1)).toBeUndefined();
    // A request long after the lifetime never gets the old copy, even with no refresh under way.
    await putColo(key("/idle"), answer("old", 10), t0);
    await caches.default.delete(key("/idle"));
    expect(await matchColo(key("/idle"), t0 + 60_000)).toBeUndefined();
    expect(await matchColo(key("/idle"), t0 + 60_001)).toBeUndefined();
  });
});
