import { afterEach, describe, expect, it } from "vitest";
import { forgetCachedSnapshot, type PriceSnapshot, readSnapshot } from "./price-snapshot.ts";

/** A KV stand-in whose reads wait until released, to hold a refresh in flight. */
function slowKv(snapshots: PriceSnapshot[]) {
  let gets = 0;
  const waiting: (() => void)[] = [];
  const kv = {
    get: async () => {
      const value = snapshots[Math.min(gets, snapshots.length - 1)];
      gets++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return value;
    },
  } as unknown as KVNamespace;
  const release = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { kv, gets: () => gets, release };
}

const snap = (updatedAt: string): PriceSnapshot => ({ updatedAt, source: "offline", coins: [] });

afterEach(() => forgetCachedSnapshot());

describe("readSnapshot", () => {
  it("re-reads an expired copy once while concurrent requests keep answering from the old one", async () => {
    const { kv, gets, release } = slowKv([snap("t1"), snap("t2")]);
    const first = readSnapshot(kv, 0);
    release();
    expect((await first)?.updatedAt).toBe("t1");

    // Within 3 s: the isolate copy, no KV read.
    expect((await readSnapshot(kv, 2_999))?.updatedAt).toBe("t1");
    expect(gets()).toBe(1);

    // Expired: one request refreshes; the others answer at once from the stale copy.
    const refreshing = readSnapshot(kv, 3_000);
    const others = await Promise.all([readSnapshot(kv, 3_001), readSnapshot(kv, 3_002), readSnapshot(kv, 3_003)]);
    expect(others.map((s) => s?.updatedAt)).toEqual(["t1", "t1", "t1"]);
    expect(gets()).toBe(2);
    release();
    expect((await refreshing)?.updatedAt).toBe("t2");
    expect((await readSnapshot(kv, 3_500))?.updatedAt).toBe("t2");
    expect(gets()).toBe(2);
  });

  it("lets another request refresh when a refresh seems lost", async () => {
    const { kv, gets, release } = slowKv([snap("t1"), snap("t2"), snap("t3")]);
    const first = readSnapshot(kv, 0);
    release();
    await first;
    void readSnapshot(kv, 3_000); // never released: its request was cancelled
    expect((await readSnapshot(kv, 4_999))?.updatedAt).toBe("t1");
    const retry = readSnapshot(kv, 5_000);
    expect(gets()).toBe(3);
    release();
    expect((await retry)?.updatedAt).toBe("t3");
  });

  it("with no copy yet, every request reads KV itself", async () => {
    const { kv, gets, release } = slowKv([snap("t1")]);
    const reads = [readSnapshot(kv, 0), readSnapshot(kv, 1)];
    expect(gets()).toBe(2);
    release();
    expect((await Promise.all(reads)).map((s) => s?.updatedAt)).toEqual(["t1", "t1"]);
  });
});
