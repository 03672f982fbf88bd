import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ArticleSummary, Category } from "#schema/contracts/article.ts";
import { makeArticleSummary } from "#web/test/fixtures.ts";
import { errorBody, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { CategoryView, NewsView } from "./article-lists.tsx";
import { DailyRoundupSection, fewerNote, GuidesSection, pickRandom, TrendingAnalysisSection, TrendingNowCard } from "./home-sections.tsx";
import { pageSummary } from "./paged-articles.tsx";

const many = (n: number): ArticleSummary[] => Array.from({ length: n }, (_, i) => makeArticleSummary({ title: `Story ${i + 1}` }));
const titles = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

beforeEach(() => {
  // jsdom has no layout: paging scrolls the list into view.
  Element.prototype.scrollIntoView = vi.fn();
});

const notFound = errorBody("NOT_FOUND", "Category not found");

/** Category articles by "slug?limit=n" (or by slug for any limit); other categories do not exist. */
function categoryArticles(answers: Record<string, ArticleSummary[]>) {
  return mock(apiContract.listCategoryArticles, ({ params, query }) => {
    const hit = answers[`${params.slug}?limit=${query.limit}`] ?? answers[params.slug ?? ""];
    return hit ?? new Response(JSON.stringify(notFound), { status: 404, headers: { "content-type": "application/json" } });
  });
}

/**
 * The home page's column with `latest` as the newest stories: the first is the Daily Roundup, the next
 * six the Trending Analysis section, and Trending Now lists what those two do not show.
 */
function homeColumn(latest: ArticleSummary[]) {
  const roundup = latest.slice(0, 1);
  const analyses = latest.slice(1, 7).map((a) => ({ ...a, categoryId: 17, rank: 5 }));
  server.use(
    categoryArticles({ "daily-roundup?limit=1": roundup, "trending-analysis?limit=6": analyses }),
    mock(apiContract.listTrendingArticles, ({ query }) => (query.limit === "12" ? latest : [])),
  );
  renderAt(
    <>
      <DailyRoundupSection />
      <TrendingAnalysisSection />
      <TrendingNowCard />
    </>,
  );
}

describe("pageSummary", () => {
  it("reads 'Page x of y, Showing a-b of n articles'", () => {
    expect(pageSummary(1, 45)).toBe("Page 1 of 3, Showing 1-20 of 45 articles");
    expect(pageSummary(3, 45)).toBe("Page 3 of 3, Showing 41-45 of 45 articles");
    expect(pageSummary(1, 20)).toBe("Page 1 of 1, Showing 1-20 of 20 articles");
  });
});

describe("/news", () => {
  it("pages 20 at a time with Previous/Next and the summary text", async () => {
    server.use(mock(apiContract.listArticles, many(45)));
    const { router } = renderAt(<NewsView />, { path: "/news" });
    expect(screen.getByRole("heading", { level: 1, name: "Cryptocurrency News" })).toBeInTheDocument();
    expect(await screen.findByText("Page 1 of 3, Showing 1-20 of 45 articles")).toBeInTheDocument();
    expect(titles()).toHaveLength(20);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 2 of 3, Showing 21-40 of 45 articles")).toBeInTheDocument();
    expect(titles()[0]).toBe("Story 21");
    expect(router.state.location.search).toBe("?page=2");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(titles()).toEqual(["Story 41", "Story 42", "Story 43", "Story 44", "Story 45"]);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("opens the page in the URL, and the last page for one past the end", async () => {
    server.use(mock(apiContract.listArticles, many(25)));
    renderAt(<NewsView />, { path: "/news", at: "/news?page=9" });
    expect(await screen.findByText("Page 2 of 2, Showing 21-25 of 25 articles")).toBeInTheDocument();
  });

  it("says 'No articles found' when there is no news", async () => {
    server.use(mock(apiContract.listArticles, []));
    renderAt(<NewsView />, { path: "/news" });
    expect(await screen.findByText("No articles found")).toBeInTheDocument();
  });
});

describe("/categories/{slug}", () => {
  const category = (slug: string, name: string): Category => ({ id: 17, slug, name, description: "About it.", kind: "news" });

  it.each([
    ["trending-analysis", "Trending Analysis", "No trending analysis articles found"],
    ["daily-roundup", "Daily Roundup", "No daily roundup articles found"],
    ["getting-started", "Getting Started", "No articles found"],
  ])("an empty %s says its own message", async (slug, name, message) => {
    server.use(mock(apiContract.getCategory, category(slug, name)), categoryArticles({ [slug]: [] }));
    renderAt(<CategoryView slug={slug} />);
    expect(await screen.findByRole("heading", { level: 1, name })).toBeInTheDocument();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "RSS feed" })).toHaveAttribute("href", `/categories/${slug}/rss.xml`);
  });

  it("lists the category's articles", async () => {
    server.use(mock(apiContract.getCategory, category("daily-roundup", "Daily Roundup")), categoryArticles({ "daily-roundup": many(3) }));
    renderAt(<CategoryView slug="daily-roundup" />);
    expect(await screen.findByText("Page 1 of 1, Showing 1-3 of 3 articles")).toBeInTheDocument();
  });

  it("an unknown category says so", async () => {
    server.use(mock(apiContract.getCategory, notFound, { status: 404 }), categoryArticles({}));
    renderAt(<CategoryView slug="opinion" />);
    expect(await screen.findByRole("heading", { name: "Category not found" })).toBeInTheDocument();
  });
});

describe("home sections", () => {
  it("fill from their calls: 1 roundup, 6 analyses with badges, 5 latest", async () => {
    const analyses = many(6).map((a, i) => ({ ...a, categoryId: 17, rank: [3, 120, 450, 7, 99, 301][i] ?? null }));
    server.use(
      categoryArticles({ "daily-roundup?limit=1": many(1), "trending-analysis?limit=6": analyses }),
      mock(apiContract.listTrendingArticles, ({ query }) => (query.limit === "12" ? many(5) : [])),
    );
    renderAt(
      <>
        <DailyRoundupSection />
        <TrendingAnalysisSection />
        <TrendingNowCard />
      </>,
    );
    await screen.findAllByText("Story 6");
    expect(screen.getByRole("region", { name: "Daily Roundup" }).querySelectorAll("article")).toHaveLength(1);
    const trending = screen.getByRole("region", { name: "Trending Analysis" });
    expect([...trending.querySelectorAll("[data-band]")].map((b) => b.getAttribute("data-band"))).toEqual([
      "top-100",
      "101-300",
      "301-500",
      "top-100",
      "top-100",
      "301-500",
    ]);
    const now = screen.getByRole("region", { name: "Trending Now" });
    expect(now.querySelectorAll("article")).toHaveLength(5);
    expect(screen.getByRole("link", { name: "View all news" })).toHaveAttribute("href", "/news");
  });

  it("Trending Now skips the stories already shown above it and still shows five", async () => {
    homeColumn(many(12));
    const now = await screen.findByRole("region", { name: "Trending Now" });
    await waitFor(() => expect(now.querySelectorAll("article")).toHaveLength(5));
    const inNow = [...now.querySelectorAll("h3")].map((h) => h.textContent);
    expect(inNow).toEqual(["Story 8", "Story 9", "Story 10", "Story 11", "Story 12"]);
    const above = [...screen.getByRole("region", { name: "Daily Roundup" }).querySelectorAll("h3")].concat([
      ...screen.getByRole("region", { name: "Trending Analysis" }).querySelectorAll("h3"),
    ]);
    expect(above.map((h) => h.textContent).filter((t) => inNow.includes(t))).toEqual([]);
  });

  it("Trending Now on a site with fewer stories lists what is left and says why it is fewer than five", async () => {
    // A new site's first day: one roundup and nine analyses, seven of them in the sections above.
    homeColumn(many(10));
    const now = await screen.findByRole("region", { name: "Trending Now" });
    await waitFor(() => expect(now.querySelectorAll("article")).toHaveLength(3));
    expect(within(now).getByTestId("trending-now-fewer")).toHaveTextContent(
      "Only 3 more stories so far: the 7 newest are in the sections above.",
    );
    expect(within(now).queryByText("No articles found")).toBeNull();
  });

  it("Trending Now's reason for fewer than five, for each count", () => {
    expect(fewerNote(5, 7)).toBeNull();
    expect(fewerNote(1, 7)).toBe("Only 1 more story so far: the 7 newest are in the sections above.");
    expect(fewerNote(0, 1)).toBe("No other stories so far: the 1 newest is in the sections above.");
  });

  it("say their empty messages", async () => {
    server.use(
      categoryArticles({ "daily-roundup?limit=1": [], "trending-analysis?limit=6": [] }),
      mock(apiContract.listTrendingArticles, []),
      mock(apiContract.listGuides, []),
    );
    renderAt(
      <>
        <DailyRoundupSection />
        <TrendingAnalysisSection />
        <GuidesSection />
      </>,
    );
    expect(await screen.findByText("No daily roundup articles found")).toBeInTheDocument();
    expect(await screen.findByText("No trending analysis articles found")).toBeInTheDocument();
    expect(await screen.findByText("No Crypto 101 guides found")).toBeInTheDocument();
  });

  it("Crypto 101 Guides shows 3 of the guides", async () => {
    server.use(mock(apiContract.listGuides, many(10)));
    renderAt(<GuidesSection />);
    await screen.findAllByRole("article");
    expect(screen.getAllByRole("article")).toHaveLength(3);
  });
});

describe("pickRandom", () => {
  it("draws distinct items and covers the whole list over many draws", () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const picks = pickRandom([1, 2, 3, 4, 5, 6], 3);
      expect(new Set(picks).size).toBe(3);
      for (const p of picks) seen.add(p);
    }
    expect(seen.size).toBe(6);
  });
});
