import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { SearchResult } from "#schema/contracts/article.ts";
import { makeArticleSummary, makeCrypto } from "#web/test/fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { Highlight, SearchView } from "./search-view.tsx";

const result: SearchResult = {
  query: "bit",
  cryptos: [makeCrypto(), makeCrypto({ id: "bitcoin-cash", name: "Bitcoin Cash", symbol: "BCH", rank: 22 })],
  articles: [makeArticleSummary({ title: "Bitcoin holds steady" })],
  counts: { cryptos: 2, articles: 41, articlesCapped: false },
};

const nothing = (query: string): SearchResult => ({
  query,
  cryptos: [],
  articles: [],
  counts: { cryptos: 0, articles: 0, articlesCapped: false },
});

/** The server's search: `answers` by query, anything else finds nothing. */
function renderSearch(at: string, answers: Record<string, SearchResult> = {}) {
  server.use(mock(apiContract.search, ({ query }) => answers[query.q ?? ""] ?? nothing(query.q ?? "")));
  return renderAt(<SearchView />, { path: "/search", at });
}

const searched = () => calls.filter((c) => c.operation === "search").map((c) => c.path);

describe("/search", () => {
  it("prompts for a query when there is none, and asks the server nothing", () => {
    renderSearch("/search");
    expect(screen.getByRole("heading", { level: 1, name: "Search" })).toBeInTheDocument();
    expect(screen.getByText("What are you looking for?")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows Cryptocurrencies and Articles with their counts", async () => {
    renderSearch("/search?q=bit", { bit: result });
    expect(await screen.findByRole("heading", { name: "Cryptocurrencies (2)" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Articles (41)" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Bitcoin Cash/ })).toHaveAttribute("href", "/coin/bch");
    expect(screen.getByText("Showing the best 1 of 41. Add a word to narrow the search.")).toBeInTheDocument();
    expect(searched()).toEqual(["/api/search?q=bit"]);
  });

  it("says 'No results found' when nothing matches", async () => {
    renderSearch("/search?q=zzz");
    expect(await screen.findByText("No results found")).toBeInTheDocument();
  });

  it("trims the query and cuts it to the server's 100 characters", async () => {
    const long = "a".repeat(150);
    renderSearch(`/search?q=${long}`);
    await screen.findByText("No results found");
    expect(searched()).toEqual([`/api/search?q=${"a".repeat(100)}`]);
  });

  it("the page's own box submits a new search and ignores blanks", async () => {
    const { router } = renderSearch("/search?q=bit", { bit: result });
    const box = screen.getByRole("searchbox", { name: "Search coins and articles" });
    expect(box).toHaveValue("bit");
    fireEvent.change(box, { target: { value: "   " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(router.state.location.search).toBe("?q=bit");
    fireEvent.change(box, { target: { value: " eth & co " } });
    fireEvent.submit(box.closest("form") as HTMLFormElement);
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent("eth & co")}`);
  });
});

describe("Highlight", () => {
  it("marks every case-insensitive occurrence and keeps the text", () => {
    const { container } = render(<p>{Highlight({ text: "Bitcoin and BITCOIN cash", query: "bitcoin" })}</p>);
    expect([...container.querySelectorAll("mark")].map((m) => m.textContent)).toEqual(["Bitcoin", "BITCOIN"]);
    expect(container.textContent).toBe("Bitcoin and BITCOIN cash");
  });
});
