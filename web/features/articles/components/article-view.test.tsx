import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Article, ArticleSummary } from "#schema/contracts/article.ts";
import { Toaster } from "#web/components/ui/toast.tsx";
import { sanitizeArticleHtml as renderArticleHtml } from "#web/lib/safe-html.ts";
import { makeArticle, makeArticleSummary } from "#web/test/fixtures.ts";
import { errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { articleKeys } from "../api/articles.ts";
import { ArticleView } from "./article-view.tsx";
import { COPIED_MS } from "./share-card.tsx";

const analysis = makeArticle({
  slug: "solana-momentum",
  title: "Solana leads social momentum",
  categoryId: 17,
  categoryName: "Trending Analysis",
  categorySlug: "trending-analysis",
  rank: 150,
  commentCount: 3,
  sources: [
    { name: "CoinGecko", url: "https://www.coingecko.com", role: "market", kind: "live", asOf: "2026-11-22T06:00:00.000Z" },
    { name: "LunarCrush", url: "https://lunarcrush.com", role: "social", kind: "live", asOf: "2026-11-22T06:05:00.000Z" },
    { name: "AI model gpt-4o-mini", role: "writer", kind: "ai", model: "gpt-4o-mini" },
  ],
  dataAsOf: "2026-11-22T06:00:00.000Z",
});
const templated = makeArticle({
  slug: "pepe-momentum",
  title: "Pepe leads social momentum",
  categoryId: 17,
  categoryName: "Trending Analysis",
  categorySlug: "trending-analysis",
  sources: [
    {
      name: "Demo market data replayed from a CoinGecko snapshot",
      url: "https://www.coingecko.com",
      role: "market",
      kind: "demo",
      asOf: "2026-11-22T06:00:00.000Z",
    },
    { name: "Coinsight sentiment model, estimated from market activity", role: "social", kind: "model", asOf: "2026-11-22T06:01:00.000Z" },
    { name: "Coinsight template writer", role: "writer", kind: "template" },
  ],
  dataAsOf: "2026-11-22T06:00:00.000Z",
});
const guide = makeArticle({
  slug: "what-is-a-wallet",
  title: "What Is a Wallet?",
  categoryId: 20,
  categoryName: "Getting Started",
  rank: null,
});
const related = [makeArticleSummary({ title: "Another roundup" }), makeArticleSummary({ title: "Yet another" })];

const notFound = (what: string) =>
  new Response(JSON.stringify(errorBody("NOT_FOUND", `${what} not found`)), {
    status: 404,
    headers: { "content-type": "application/json" },
  });

/** The server's articles and related lists, keyed by their paths; anything else is not found. */
function serve(routes: Record<string, Article | ArticleSummary[]>) {
  server.use(
    mock(apiContract.getArticle, ({ params }) => (routes[`/api/articles/${params.slug}`] as Article | undefined) ?? notFound("Article")),
    mock(
      apiContract.listRelatedArticles,
      ({ params }) => (routes[`/api/articles/${params.slug}/related`] as ArticleSummary[] | undefined) ?? notFound("Article"),
    ),
  );
}

function renderArticle(slug: string, routes: Record<string, Article | ArticleSummary[]>, ...first: HttpHandler[]) {
  serve(routes);
  server.use(...first);
  return renderAt(
    <>
      <ArticleView slug={slug} />
      <Toaster />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("ArticleView", () => {
  it("moves an earlier address to the article's current one, replacing it in the history, with the answer already kept there", async () => {
    serve({ "/api/articles/solana-old-title": analysis, "/api/articles/solana-momentum/related": [] });
    const { router, client } = renderAt(<ArticleView slug="solana-old-title" />, {
      path: "/article/:slug",
      at: "/article/solana-old-title?utm_source=x#price",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/article/solana-momentum"));
    expect(router.state.location.search).toBe("?utm_source=x");
    expect(router.state.location.hash).toBe("#price");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(client.getQueryData(articleKeys.one("solana-momentum"))).toMatchObject({ slug: "solana-momentum" });
  });

  it("shows breadcrumb, meta, rank badge, body, disclaimer and credits, and Related Articles", async () => {
    renderArticle("solana-momentum", {
      "/api/articles/solana-momentum": analysis,
      "/api/articles/solana-momentum/related": related,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Solana leads social momentum" })).toBeInTheDocument();
    const crumbs = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect([...crumbs.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Home", "News", "Solana leads social momentum"]);
    expect(within(crumbs).getByRole("link", { name: "News" })).toHaveAttribute("href", "/news");
    expect(screen.getByText("4 min read")).toBeInTheDocument();
    expect(screen.getByText("3 comments")).toBeInTheDocument();
    expect(screen.getByText(/ago$/)).toBeInTheDocument();
    expect(document.querySelector('[data-band="101-300"]')).toHaveTextContent("Rank 101-300");
    expect(screen.getByRole("heading", { level: 2, name: "Market overview" })).toBeInTheDocument();
    expect(screen.getByText("$63,800").tagName).toBe("STRONG");
    const byline = screen.getByTestId("article-byline");
    expect(byline).toHaveTextContent("Coinsight Newsroom · AI-written (gpt-4o-mini), figures machine-checked");
    expect(byline).toHaveTextContent("Market data as of 22 Nov 2026, 06:00 UTC");
    expect(byline).toHaveTextContent("Social data as of 22 Nov 2026, 06:05 UTC");
    expect(within(byline).getByRole("link", { name: "How this article was made" })).toHaveAttribute("href", "/methodology");
    const disclaimer = screen.getByRole("complementary", { name: "Disclaimer and credits" });
    expect(disclaimer).toHaveTextContent("not financial advice");
    expect(disclaimer).toHaveTextContent(
      "Market data: CoinGecko (as of 22 Nov 2026, 06:00 UTC); Social data: LunarCrush (as of 22 Nov 2026, 06:05 UTC).",
    );
    expect(disclaimer).toHaveTextContent("written by an AI model");
    expect(within(disclaimer).getByRole("link", { name: "CoinGecko" })).toHaveAttribute("href", "https://www.coingecko.com");
    expect(await screen.findByRole("heading", { name: "Related Articles" })).toBeInTheDocument();
    expect(screen.getByText("Another roundup")).toBeInTheDocument();
  });

  it("credits a template-written article as it was made, from its own sources", async () => {
    renderArticle("pepe-momentum", { "/api/articles/pepe-momentum": templated, "/api/articles/pepe-momentum/related": [] });
    await screen.findByRole("heading", { level: 1, name: "Pepe leads social momentum" });
    expect(screen.getByTestId("article-byline")).toHaveTextContent("Coinsight Newsroom · Written from data by Coinsight's template writer");
    const disclaimer = screen.getByRole("complementary", { name: "Disclaimer and credits" });
    expect(disclaimer).toHaveTextContent(
      "Social data: Coinsight sentiment model, estimated from market activity (as of 22 Nov 2026, 06:01 UTC)",
    );
    expect(document.body).not.toHaveTextContent(/LunarCrush|help of AI|AI-written|offline|configured/);
  });

  it("a guide has the Crypto 101 breadcrumb, Related Guides and no disclaimer or badge", async () => {
    renderArticle("what-is-a-wallet", {
      "/api/articles/what-is-a-wallet": guide,
      "/api/articles/what-is-a-wallet/related": related,
    });
    await screen.findByRole("heading", { level: 1, name: "What Is a Wallet?" });
    expect(screen.getByRole("link", { name: "Crypto 101" })).toHaveAttribute("href", "/crypto-101");
    expect(screen.queryByRole("complementary", { name: "Disclaimer and credits" })).toBeNull();
    expect(document.querySelector("[data-band]")).toBeNull();
    expect(await screen.findByRole("heading", { name: "Related Guides" })).toBeInTheDocument();
  });

  it("falls back to the default card image when the hero image fails", async () => {
    renderArticle("solana-momentum", { "/api/articles/solana-momentum": { ...analysis, imageUrl: "https://img.test/broken.png" } });
    await screen.findByRole("heading", { level: 1 });
    const hero = document.querySelector("article img") as HTMLImageElement;
    expect(hero.getAttribute("src")).toBe("https://img.test/broken.png");
    fireEvent.error(hero);
    expect(hero.getAttribute("src")).toBe("/images/default-card.svg");
  });

  it("says 'Article not found' with a way to the news", async () => {
    renderArticle("gone", {});
    expect(await screen.findByRole("heading", { name: "Article not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse news" })).toHaveAttribute("href", "/news");
  });

  it("shows an error, not 'not found', when the server fails", async () => {
    renderArticle("x", {}, failure(apiContract.getArticle, 500, { body: "boom" }));
    expect(await screen.findByText("Failed to load the article. Please try again later.")).toBeInTheDocument();
  });
});

describe("share card", () => {
  beforeEach(() => {
    serve({ "/api/articles/solana-momentum": analysis });
  });

  it("offers the six targets with the article's address", async () => {
    renderAt(<ArticleView slug="solana-momentum" />);
    await screen.findByRole("heading", { level: 1 });
    const url = encodeURIComponent(`${window.location.origin}/article/solana-momentum`);
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Share by email" }).getAttribute("href")).toMatch(/^mailto:\?subject=Solana/);
    expect(screen.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    );
    expect(screen.getByRole("link", { name: "Share on Twitter/X" }).getAttribute("href")).toContain(`url=${url}`);
    expect(screen.getByRole("link", { name: "Share on LinkedIn" }).getAttribute("href")).toContain(url);
    expect(screen.getByRole("link", { name: "Share on Reddit" }).getAttribute("href")).toContain(`url=${url}`);
  });

  it("copies the link, reads 'Copied!' for 2 seconds and toasts 'Link copied!'", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderAt(
      <>
        <ArticleView slug="solana-momentum" />
        <Toaster />
      </>,
    );
    await screen.findByRole("heading", { level: 1 });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/article/solana-momentum`);
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    expect(screen.getByTestId("toast")).toHaveTextContent("Link copied!");
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole("button", { name: "Copied!" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
  });

  it("toasts 'Failed to copy' when the clipboard refuses", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error("denied"))) } });
    renderAt(
      <>
        <ArticleView slug="solana-momentum" />
        <Toaster />
      </>,
    );
    await screen.findByRole("heading", { level: 1 });
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    await waitFor(() => expect(screen.getByTestId("toast")).toHaveTextContent("Failed to copy"));
    expect(screen.getByTestId("toast")).toHaveTextContent("Please try copying the link manually.");
    expect(screen.getByRole("button", { name: "Copy link" })).toBeInTheDocument();
  });
});

describe("renderArticleHtml", () => {
  const hostile = [
    "<script>window.pwned = 1</script>",
    '<img src="x" onerror="window.pwned = 1">',
    '<a href="javascript:window.pwned = 1">click me</a>',
    '<svg onload="window.pwned = 1"><script>window.pwned = 1</script></svg>',
    '<iframe src="javascript:window.pwned = 1"></iframe>',
    '<p style="background:url(javascript:alert(1))" onclick="window.pwned = 1">Plain text survives</p>',
  ].join("\n\n");

  it("strips scripts, handlers and javascript: URLs and keeps the text", () => {
    const html = renderArticleHtml(hostile);
    const box = document.createElement("div");
    box.innerHTML = html;
    expect(box.querySelector("script, iframe, svg, style")).toBeNull();
    for (const el of box.querySelectorAll("*")) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith("on"), `${el.tagName} ${attr.name}`).toBe(false);
        expect(attr.value.toLowerCase()).not.toContain("javascript:");
      }
    }
    expect(box.textContent).toContain("Plain text survives");
    expect(box.textContent).toContain("click me");
  });

  it("opens outside links in a new tab without an opener", () => {
    const box = document.createElement("div");
    box.innerHTML = renderArticleHtml(
      '<a href="https://www.coingecko.com">CoinGecko</a> and <a href="/crypto-101/what-is-bitcoin">a guide</a>',
    );
    const [outside, inside] = box.querySelectorAll("a");
    expect(outside?.getAttribute("target")).toBe("_blank");
    expect(outside?.getAttribute("rel")).toContain("noopener");
    expect(inside?.getAttribute("target")).toBeNull();
  });
});
