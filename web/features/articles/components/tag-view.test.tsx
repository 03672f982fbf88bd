import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { makeArticle, makeArticleSummary } from "#web/test/fixtures.ts";
import { calls, errorResponse, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ArticleView } from "./article-view.tsx";
import { TagView } from "./tag-view.tsx";

const many = (n: number): ArticleSummary[] =>
  Array.from({ length: n }, (_, i) => makeArticleSummary({ id: i + 1, title: `Story ${i + 1}` }));
const openTag = (slug = "bitcoin-etf") => renderAt(<TagView slug={slug} />, { path: "/tag/:slug", at: `/tag/${slug}` });

beforeEach(() => {
  // jsdom has no layout: paging scrolls the list into view.
  Element.prototype.scrollIntoView = vi.fn();
});

describe("the tag page", () => {
  it("shows loading, then the tag's name and its articles, 20 a page", async () => {
    server.use(mock(apiContract.getTag, { slug: "bitcoin-etf", name: "Bitcoin ETF" }), mock(apiContract.listTagArticles, many(25)));
    openTag();
    expect(screen.getByRole("status", { name: "Loading articles" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Bitcoin ETF" })).toBeInTheDocument();
    expect(await screen.findByText("Page 1 of 2, Showing 1-20 of 25 articles")).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(20);
    expect(document.title).toContain("Bitcoin ETF: articles");
  });

  it("says so when no published article has the tag any more", async () => {
    server.use(mock(apiContract.getTag, { slug: "bitcoin-etf", name: "Bitcoin ETF" }), mock(apiContract.listTagArticles, []));
    openTag();
    expect(await screen.findByText("No published articles have this tag yet")).toBeInTheDocument();
  });

  it("moves to the tag's address when it was renamed or merged, replacing the old one in the history", async () => {
    server.use(mock(apiContract.getTag, { slug: "spot-etfs", name: "Spot ETFs" }), mock(apiContract.listTagArticles, many(2)));
    const { router } = renderAt(<TagView slug="bitcoin-etf" />, {
      path: "/tag/:slug",
      at: "/tag/bitcoin-etf?page=2",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/tag/spot-etfs"));
    expect(router.state.location.search).toBe("?page=2");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("an unknown tag is the not-found page", async () => {
    server.use(
      mock(apiContract.getTag, errorResponse(404, "NOT_FOUND", "Tag not found"), { status: 404 }),
      mock(apiContract.listTagArticles, errorResponse(404, "NOT_FOUND", "Tag not found"), { status: 404 }),
    );
    openTag("no-such-tag");
    expect(await screen.findByRole("heading", { name: "Tag not found" })).toBeInTheDocument();
    expect(screen.getByText('No published article is tagged "no-such-tag".')).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse news" })).toHaveAttribute("href", "/news");
  });

  it("a failed load says so", async () => {
    server.use(failure(apiContract.getTag), failure(apiContract.listTagArticles));
    openTag();
    expect(await screen.findByText("Failed to load this tag. Please try again later.")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load articles. Please try again later.")).toBeInTheDocument();
  });
});

describe("the article page's tags, byline and address", () => {
  it("links each tag to its page and shows a hand-written piece's byline", async () => {
    const article = makeArticle({
      slug: "wallet-basics",
      categoryId: 20,
      categoryName: "Getting Started",
      categorySlug: "getting-started",
      byline: "Ana Ruiz",
      tags: [
        { slug: "wallets", name: "Wallets" },
        { slug: "self-custody", name: "Self-custody" },
      ],
    });
    server.use(mock(apiContract.getArticle, article), mock(apiContract.listRelatedArticles, []));
    renderAt(<ArticleView slug="wallet-basics" />, { path: "/crypto-101/:slug", at: "/crypto-101/wallet-basics" });
    expect(await screen.findByTestId("article-byline")).toHaveTextContent("By Ana Ruiz");
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(within(tags).getByRole("link", { name: "Wallets" })).toHaveAttribute("href", "/tag/wallets");
    expect(within(tags).getByRole("link", { name: "Self-custody" })).toHaveAttribute("href", "/tag/self-custody");
  });

  it("opened at an old slug, moves to the current address without asking again", async () => {
    const article = makeArticle({ slug: "bitcoin-rallies-past-70k" });
    server.use(
      mock(apiContract.getArticle, ({ params }) =>
        params.slug === "btc-rally-draft" ? article : errorResponse(404, "NOT_FOUND", "the new address must come from the cache"),
      ),
      mock(apiContract.listRelatedArticles, []),
    );
    const { router } = renderAt(<ArticleView slug="btc-rally-draft" />, {
      path: "/article/btc-rally-draft",
      at: "/article/btc-rally-draft?utm_source=x",
      routes: [{ path: "/article/bitcoin-rallies-past-70k", element: <ArticleView slug="bitcoin-rallies-past-70k" /> }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/article/bitcoin-rallies-past-70k"));
    expect(router.state.location.search).toBe("?utm_source=x");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByRole("heading", { level: 1, name: article.title })).toBeInTheDocument();
    expect(calls.filter((c) => c.operation === "getArticle").map((c) => c.params.slug)).toEqual(["btc-rally-draft"]);
  });
});
