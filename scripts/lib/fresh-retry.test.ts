import { describe, expect, it } from "vitest";
import { isConnectionLoss, onFreshDirectory } from "./fresh-retry.ts";

/** What undici threw when the seeding runtime closed its socket mid-seed (a loaded clean-clone run). */
function closedMidSeed(): TypeError {
  const cause = Object.assign(new Error("other side closed"), { name: "SocketError", code: "UND_ERR_SOCKET" });
  return new TypeError("fetch failed", { cause });
}

describe("isConnectionLoss", () => {
  it("knows undici's lost connection, by its message or its cause's code", () => {
    expect(isConnectionLoss(closedMidSeed())).toBe(true);
    expect(isConnectionLoss(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
  });

  it("does not take an answer for a lost connection", () => {
    expect(isConnectionLoss(new Error("D1_ERROR: no such table: coins"))).toBe(false);
    expect(isConnectionLoss(new TypeError("x is not a function"))).toBe(false);
    expect(isConnectionLoss("fetch failed")).toBe(false);
  });
});

describe("onFreshDirectory", () => {
  function harness(failures: unknown[]) {
    const made: string[] = [];
    const discarded: string[] = [];
    const logged: string[] = [];
    const run = (attempts?: number) =>
      onFreshDirectory(
        () => {
          made.push(`dir-${made.length + 1}`);
          return made.at(-1) as string;
        },
        (dir) => discarded.push(dir),
        async (dir) => {
          const failure = failures.shift();
          if (failure) throw failure;
          return `seeded ${dir}`;
        },
        { attempts, log: (line) => logged.push(line) },
      );
    return { run, made, discarded, logged };
  }

  it("starts over in a new directory after a lost connection, and discards the half-seeded one", async () => {
    const h = harness([closedMidSeed()]);
    expect(await h.run()).toEqual({ dir: "dir-2", result: "seeded dir-2" });
    expect(h.discarded).toEqual(["dir-1"]);
    expect(h.logged).toHaveLength(1);
  });

  it("fails at once on any other error, and after the last try on lost connections", async () => {
    const sql = new Error("D1_ERROR: UNIQUE constraint failed");
    const other = harness([sql]);
    await expect(other.run()).rejects.toBe(sql);
    expect(other.made).toEqual(["dir-1"]);
    const lost = harness([closedMidSeed(), closedMidSeed()]);
    await expect(lost.run(2)).rejects.toThrow("fetch failed");
    expect(lost.discarded).toEqual(["dir-1", "dir-2"]);
  });
});
