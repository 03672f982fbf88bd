import { describe, expect, it } from "vitest";
import { makeCrypto } from "#web/test/fixtures.ts";
import { listOrder, nextSort, readSort, sortRows } from "./sort.ts";

describe("market table sort", () => {
  it("reads the sort from the URL and falls back to rank for anything unknown", () => {
    expect(readSort(new URLSearchParams("sort=change24h&order=asc"))).toEqual({ key: "change24h", order: "asc" });
    expect(readSort(new URLSearchParams("sort=marketCap"))).toEqual({ key: "marketCap", order: "desc" });
    expect(readSort(new URLSearchParams("sort=hype&order=desc"))).toEqual({ key: "rank", order: "asc" });
  });

  it("without a sort in the URL, shows each list's own order as the active sort", () => {
    expect(readSort(new URLSearchParams(""), listOrder("all"))).toEqual({ key: "rank", order: "asc" });
    expect(readSort(new URLSearchParams("tab=gainers"), listOrder("gainers"))).toEqual({ key: "change24h", order: "desc" });
    expect(readSort(new URLSearchParams("tab=losers"), listOrder("losers"))).toEqual({ key: "change24h", order: "asc" });
    expect(readSort(new URLSearchParams("sort=name"), listOrder("gainers"))).toEqual({ key: "name", order: "asc" });
  });

  it("flips the sorted column and starts another in its natural direction", () => {
    expect(nextSort({ key: "change24h", order: "desc" }, "change24h")).toEqual({ key: "change24h", order: "asc" });
    expect(nextSort({ key: "change24h", order: "desc" }, "name")).toEqual({ key: "name", order: "asc" });
    expect(nextSort({ key: "rank", order: "asc" }, "volume24h")).toEqual({ key: "volume24h", order: "desc" });
  });

  it("puts unknown values last in both directions", () => {
    const rows = [
      makeCrypto({ id: "a", rank: 1, change1h: 0.5 }),
      makeCrypto({ id: "b", rank: 2, change1h: null }),
      makeCrypto({ id: "c", rank: 3, change1h: -2 }),
      makeCrypto({ id: "d", rank: 4, change1h: 3 }),
    ];
    expect(sortRows(rows, { key: "change1h", order: "desc" }).map((r) => r.id)).toEqual(["d", "a", "c", "b"]);
    expect(sortRows(rows, { key: "change1h", order: "asc" }).map((r) => r.id)).toEqual(["c", "a", "d", "b"]);
  });
});
