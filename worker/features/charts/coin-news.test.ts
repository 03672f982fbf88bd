import { beforeAll, describe, expect, it } from "vitest";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import type { ErrorBody } from "#schema/contracts/error.ts";
import { insertArticle } from "#worker/test/articles.ts";
import { getJson } from "#worker/test/http.ts";

beforeAll(async () => {
  await getJson("/api/cryptos?limit=1");
});

describe("GET /api/cryptos/{symbol}/articles", () => {
  it("lists the latest public articles about the coin, newest first", async () => {
    await insertArticle({ slug: "eth-old", cryptoSymbol: "ETH", publishedAt: new Date(Date.now() - 7_200_000).toISOString() });
    await insertArticle({ slug: "eth-new", cryptoSymbol: "eth" });
    await insertArticle({ slug: "eth-draft", cryptoSymbol: "ETH", status: "draft" });
    await insertArticle({ slug: "eth-trashed", cryptoSymbol: "ETH", deletedAt: new Date().toISOString() });
    await insertArticle({ slug: "btc-one", cryptoSymbol: "BTC" });
    // A guide about the coin is not news: it leads the coin's About card instead.
    await insertArticle({ slug: "eth-guide", cryptoSymbol: "ETH", categoryId: 20 });
    const { status, body } = await getJson<{ articles: ArticleSummary[] }>("/api/cryptos/eth/articles");
    expect(status).toBe(200);
    expect(body.articles.map((a) => a.slug)).toEqual(["eth-new", "eth-old"]);
    const one = await getJson<{ articles: ArticleSummary[] }>("/api/cryptos/ETH/articles?limit=1");
    expect(one.body.articles).toHaveLength(1);
  });

  it("answers unknown coins 404 and bad limits 400", async () => {
    expect((await getJson<ErrorBody>("/api/cryptos/nosuchcoin/articles")).status).toBe(404);
    expect((await getJson<ErrorBody>("/api/cryptos/eth/articles?limit=0")).status).toBe(400);
    expect((await getJson<ErrorBody>("/api/cryptos/eth/articles?limit=21")).status).toBe(400);
    expect((await getJson<ErrorBody>("/api/market/global?bust=1")).status).toBe(400);
  });
});
