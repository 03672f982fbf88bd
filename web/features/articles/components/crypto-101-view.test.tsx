import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ArticleSummary } from "#schema/contracts/article.ts";
import { makeArticleSummary } from "#web/test/fixtures.ts";
import { failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { Crypto101View, toggleLabel } from "./crypto-101-view.tsx";

const cards = [
  [20, "Getting Started"],
  [21, "Security & Safety"],
  [22, "Trading & Investing"],
  [23, "Advanced Topics"],
] as const;

/** Eight guides: five Getting Started, one of each other card; one mentions "ledger" only in its excerpt. */
const guides: ArticleSummary[] = [
  ...["What Is Bitcoin?", "What Is a Blockchain?", "What Is a Wallet?", "Buying Your First Crypto", "Stablecoins Explained"].map((title) =>
    makeArticleSummary({
      title,
      slug: title
        .toLowerCase()
        .replace(/[^a-z]+/g, "-")
        .replace(/-$/, ""),
      categoryId: 20,
      categoryName: "Getting Started",
    }),
  ),
  makeArticleSummary({
    title: "Protecting Your Seed Phrase",
    slug: "seed-phrase",
    categoryId: 21,
    categoryName: "Security & Safety",
    excerpt: "Keep the words offline.",
  }),
  makeArticleSummary({
    title: "Dollar-Cost Averaging",
    slug: "dca",
    categoryId: 22,
    categoryName: "Trading & Investing",
    excerpt: "Buy a little, often.",
  }),
  makeArticleSummary({
    title: "Layer-2 Rollups",
    slug: "rollups",
    categoryId: 23,
    categoryName: "Advanced Topics",
    excerpt: "Batching transactions off the main LEDGER.",
  }),
];

const shownTitles = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

function renderWith(list: ArticleSummary[] | "down") {
  server.use(list === "down" ? failure(apiContract.listGuides, 503, { body: "down" }) : mock(apiContract.listGuides, list));
  return renderAt(<Crypto101View />);
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

describe("Crypto 101", () => {
  it("shows 6 skeleton cards while loading, then the four category cards and 6 guides", async () => {
    renderWith(guides);
    expect(screen.getAllByTestId("article-skeleton")).toHaveLength(6);
    await screen.findByText("What Is Bitcoin?");
    for (const [, name] of cards) expect(screen.getByRole("button", { name: new RegExp(name) })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Getting Started/ })).toHaveTextContent("5 guides");
    expect(shownTitles()).toHaveLength(6);
    expect(screen.getByRole("button", { name: "View All 8 Guides" })).toBeInTheDocument();
  });

  it("expands and collapses with the toggle", async () => {
    renderWith(guides);
    await screen.findByText("What Is Bitcoin?");
    fireEvent.click(screen.getByRole("button", { name: "View All 8 Guides" }));
    expect(shownTitles()).toHaveLength(8);
    fireEvent.click(screen.getByRole("button", { name: "Show Less" }));
    expect(shownTitles()).toHaveLength(6);
  });

  it("a card filters by its category, clears the search, expands and scrolls to the list", async () => {
    renderWith(guides);
    await screen.findByText("What Is Bitcoin?");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search guides" }), { target: { value: "seed" } });
    fireEvent.click(screen.getByRole("button", { name: /Getting Started/ }));
    expect(screen.getByRole("button", { name: /Getting Started/ })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("searchbox", { name: "Search guides" })).toHaveValue("");
    expect(shownTitles()).toHaveLength(5);
    expect(screen.getByRole("heading", { level: 2, name: "Getting Started" })).toBeInTheDocument();
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(screen.getByRole("heading", { level: 2, name: "All Guides" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("searches title and excerpt case-insensitively and expands the list", async () => {
    renderWith(guides);
    await screen.findByText("What Is Bitcoin?");
    const box = screen.getByRole("searchbox", { name: "Search guides" });
    fireEvent.change(box, { target: { value: "ledger" } });
    expect(shownTitles()).toEqual(["Layer-2 Rollups"]);
    fireEvent.change(box, { target: { value: "WHAT IS" } });
    expect(shownTitles()).toEqual(["What Is Bitcoin?", "What Is a Blockchain?", "What Is a Wallet?"]);
  });

  it("says 'No guides found' and clears back to all guides", async () => {
    renderWith(guides);
    await screen.findByText("What Is Bitcoin?");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search guides" }), { target: { value: "dogecoin memes" } });
    expect(screen.getByText("No guides found")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Clear search and show all guides" }));
    expect(screen.getByRole("searchbox", { name: "Search guides" })).toHaveValue("");
    expect(shownTitles()).toHaveLength(8);
  });

  it("hides the search box with six guides or fewer", async () => {
    renderWith(guides.slice(0, 6));
    await screen.findByText("What Is Bitcoin?");
    expect(screen.queryByRole("searchbox", { name: "Search guides" })).toBeNull();
    expect(screen.queryByRole("button", { name: /View All/ })).toBeNull();
  });

  it("says guides are coming soon when there are none", async () => {
    renderWith([]);
    expect(await screen.findByText("Crypto 101 guides coming soon!")).toBeInTheDocument();
    expect(screen.getByText("No Crypto 101 guides found")).toBeInTheDocument();
  });

  it("reports a failed load", async () => {
    renderWith("down");
    expect(await screen.findByText("Failed to load guides. Please try again later.")).toBeInTheDocument();
  });

  it("cards link to /crypto-101/{slug} with read time and publish date", async () => {
    renderWith(guides);
    const link = (await screen.findByText("What Is Bitcoin?")).closest("a") as HTMLAnchorElement;
    expect(link).toHaveAttribute("href", "/crypto-101/what-is-bitcoin");
    expect(within(link).getByText("4 min read")).toBeInTheDocument();
    expect(within(link).getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeInTheDocument();
  });
});

describe("toggleLabel", () => {
  it("reads the spec's three texts", () => {
    expect(toggleLabel(false, false, 20)).toBe("View All 20 Guides");
    expect(toggleLabel(false, true, 9)).toBe("Show All 9 Articles");
    expect(toggleLabel(true, true, 9)).toBe("Show Less");
  });
});
