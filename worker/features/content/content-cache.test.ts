import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { CONTENT_VERSION_KEY, VERSION_REUSE_MS } from "./cache-keys.ts";
import { contentVersion, invalidateContentCache } from "./content-cache.ts";

describe("the content version an isolate reads", () => {
  it("is read from KV at most once a second, and a write in this isolate shows at once", async () => {
    const t0 = Date.now();
    await env.KV.put(CONTENT_VERSION_KEY, "v1");
    const get = vi.spyOn(env.KV, "get");
    expect(await contentVersion(env, t0)).toBe("v1");
    // Another isolate's edit: not seen until this one's reading is a second old.
    await env.KV.put(CONTENT_VERSION_KEY, "v2");
    expect(await contentVersion(env, t0 + VERSION_REUSE_MS - 1)).toBe("v1");
    expect(get).toHaveBeenCalledTimes(1);
    expect(await contentVersion(env, t0 + VERSION_REUSE_MS)).toBe("v2");
    expect(get).toHaveBeenCalledTimes(2);

    await invalidateContentCache(env);
    const written = await env.KV.get(CONTENT_VERSION_KEY);
    expect(await contentVersion(env)).toBe(written);
    expect(written).not.toBe("v2");
    vi.restoreAllMocks();
  });
});
