import { describe, expect, it } from "vitest";
import { CATEGORY_PARAMS, MARKETS_PARAMS, NO_PARAMS, type PageParams, pageAddress } from "./page-query.ts";

const address = (path: string, params: PageParams) => pageAddress(new URL(path, "https://coinsight.test"), params)?.href ?? null;

describe("the address a guest's page is rendered and kept for", () => {
  it("drops tracking and made-up parameters", () => {
    expect(address("/?utm_source=x&utm_medium=y&fbclid=z&gclid=g&mc_cid=1&mc_eid=2&ref=hn&zz=1", NO_PARAMS)).toBe(
      "https://coinsight.test/",
    );
    expect(address("/markets?utm_campaign=daily", MARKETS_PARAMS)).toBe("https://coinsight.test/markets");
  });

  it("keeps the Top 500's own parameters as the page reads them, in one order", () => {
    expect(address("/markets?order=desc&sort=change24h&fbclid=1", MARKETS_PARAMS)).toBe(
      "https://coinsight.test/markets?sort=change24h&order=desc",
    );
    expect(address("/markets?tab=gainers&page=2", MARKETS_PARAMS)).toBe("https://coinsight.test/markets?tab=gainers&page=2");
    // Defaults and values the page ignores are the page without them.
    expect(address("/markets?tab=all&page=1&sort=bogus&order=desc", MARKETS_PARAMS)).toBe("https://coinsight.test/markets");
    expect(address("/markets?page=2abc", MARKETS_PARAMS)).toBe("https://coinsight.test/markets?page=2");
    expect(address("/markets?sort=price&order=sideways", MARKETS_PARAMS)).toBe("https://coinsight.test/markets?sort=price&order=desc");
  });

  it("keeps the rows per page the page reads, and counts the Top 500's pages in them", () => {
    expect(address("/markets?rows=100", MARKETS_PARAMS)).toBe("https://coinsight.test/markets");
    expect(address("/markets?rows=7", MARKETS_PARAMS)).toBe("https://coinsight.test/markets");
    expect(address("/markets?rows=50&page=10", MARKETS_PARAMS)).toBe("https://coinsight.test/markets?page=10&rows=50");
    expect(address("/markets?rows=50&page=11", MARKETS_PARAMS)).toBeNull();
  });

  it("leaves a Top 500 page of 250 rows to the browser: its render would not fit in the Free plan's CPU", () => {
    expect(address("/markets?rows=250", MARKETS_PARAMS)).toBeNull();
    expect(address("/markets?rows=250&page=2&sort=price", MARKETS_PARAMS)).toBeNull();
  });

  it("leaves a category's Top 500 to the browser (its list is read from the day's social snapshot)", () => {
    expect(address("/markets?category=layer-1", MARKETS_PARAMS)).toBeNull();
  });

  it("leaves a Top 500 page past the fifth to the browser, and reads a category's page past the end as its last", () => {
    expect(address("/markets?page=6", MARKETS_PARAMS)).toBeNull();
    expect(address("/categories/daily-roundup?page=3", CATEGORY_PARAMS)).toBe("https://coinsight.test/categories/daily-roundup?page=3");
    expect(address("/categories/daily-roundup?page=99999", CATEGORY_PARAMS)).toBe(
      "https://coinsight.test/categories/daily-roundup?page=25",
    );
  });
});
