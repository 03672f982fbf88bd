import { beforeAll, describe, expect, it } from "vitest";
import { insertArticle } from "#worker/test/articles.ts";
import { decodedBody } from "#worker/test/contract-check.ts";
import { callWithEnv } from "#worker/test/http.ts";
import { acceptsGzip } from "./colo-cache.ts";
import { edgeCachedJson } from "./edge-cache.ts";
import { EDGE_CACHE_HEADER } from "./public-cache.ts";

const get = (path: string, encoding: string) => callWithEnv({}, path, { headers: { "accept-encoding": encoding } });

describe("a hot answer is compressed once, not on every request (worker/lib/colo-cache.ts)", () => {
  beforeAll(async () => {
    // Enough articles for a list of a few kilobytes.
    for (let i = 0; i < 5; i++) await insertArticle();
  });

  it("a reader that accepts gzip gets the remembered answer gzipped, which decodes to the same JSON", async () => {
    const path = "/api/articles?page=1&limit=100";
    const first = await get(path, "gzip, deflate, br");
    expect(first.headers.get(EDGE_CACHE_HEADER)).toBe("MISS");
    const plain = await first.text();
    expect(plain.length).toBeGreaterThan(1024);

    const hit = await get(path, "gzip, deflate, br");
    expect(hit.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("vary")).toContain("Accept-Encoding");
    const raw = new Uint8Array(await hit.clone().arrayBuffer());
    expect([raw[0], raw[1]]).toEqual([0x1f, 0x8b]);
    expect(raw.length).toBeLessThan(plain.length);
    // Decoded once, it is the answer itself (not compressed twice).
    expect(await decodedBody(hit).text()).toBe(plain);
  });

  it("a reader that does not accept gzip, or refuses it, gets the same answer uncompressed", async () => {
    const path = "/api/articles?page=1&limit=99";
    const plain = await (await get(path, "gzip")).text();
    for (const encoding of ["identity", "br", "gzip;q=0, identity"]) {
      const hit = await get(path, encoding);
      expect(hit.headers.get(EDGE_CACHE_HEADER), encoding).toBe("HIT");
      expect(hit.headers.get("content-encoding"), encoding).toBeNull();
      expect(await hit.text(), encoding).toBe(plain);
    }
  });

  it("a small answer is sent as it is: compressing it would cost more than it saves", async () => {
    const path = "/api/guides";
    await get(path, "gzip");
    const hit = await get(path, "gzip");
    expect(hit.headers.get(EDGE_CACHE_HEADER)).toBe("HIT");
    expect((await hit.clone().text()).length).toBeLessThan(1024);
    expect(hit.headers.get("content-encoding")).toBeNull();
  });

  it("the prices' and charts' cache does the same", async () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ rank: i + 1, price: 1000 / (i + 1) }));
    const compute = async () => rows;
    const request = new Request("https://coinsight.test/api/cryptos?limit=200", { headers: { "accept-encoding": "gzip" } });
    const waits: Promise<unknown>[] = [];
    const first = await edgeCachedJson(request, "/__test/gzip-rows", 60, compute, (p) => waits.push(p));
    await Promise.all(waits);
    expect(first.headers.get("content-encoding")).toBeNull();
    const hit = await edgeCachedJson(request, "/__test/gzip-rows", 60, compute, (p) => waits.push(p));
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(await decodedBody(hit).json()).toEqual(rows);
  });

  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8", true],
    ["*", true],
    ["gzip;q=0", false],
    ["identity", false],
    ["", false],
  ] as const)("Accept-Encoding %j takes gzip: %s", (header, takes) => {
    expect(acceptsGzip(header)).toBe(takes);
  });
});
