import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Category } from "#schema/contracts/article.ts";
import { type AdminArticle, ALREADY_POSTED_MESSAGE } from "#schema/contracts/editorial.ts";
import { Toaster } from "#web/components/ui/toast.tsx";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ArticlesTab } from "./articles-tab.tsx";
import { TRASH_CONFIRM } from "./editor-form.ts";

function article(overrides: Partial<AdminArticle>): AdminArticle {
  return {
    id: 1,
    title: "Bitcoin holds steady",
    excerpt: "Range-bound trading",
    content: "<p>x</p>",
    slug: "bitcoin-holds-steady",
    categoryId: 18,
    categoryName: "Daily Roundup",
    publishedAt: "2026-11-22T06:00:00.000Z",
    status: "published",
    reviewReason: null,
    override: null,
    upvotes: 4,
    downvotes: 1,
    twitterPosted: false,
    scheduledFor: null,
    cryptoSymbol: null,
    createdAt: "2026-11-22T06:00:00.000Z",
    updatedAt: "2026-11-22T06:00:00.000Z",
    ...overrides,
  };
}
const page = (articles: AdminArticle[]) => ({ articles, total: articles.length, page: 1, limit: 100, totalPages: 1 });
const held = article({
  id: 2,
  title: "Pepe trends",
  status: "review",
  publishedAt: null,
  reviewReason: "PEPE price: $0.5 does not match the data ($0.00001)\nPEPE 24h change: +40% does not match (+4.1%)",
});

afterEach(() => vi.restoreAllMocks());

const categories: Category[] = [
  { id: 17, slug: "trending-analysis", name: "Trending Analysis", description: "", kind: "news" },
  { id: 18, slug: "daily-roundup", name: "Daily Roundup", description: "", kind: "news" },
];

function open(at: string, articles: AdminArticle[], ...handlers: HttpHandler[]) {
  server.use(mock(apiContract.listCategories, categories), mock(apiContract.listArticles, page(articles)), ...handlers);
  render(<Toaster />);
  renderAt(<ArticlesTab />, { path: "/admin", at });
}

describe("Articles tab", () => {
  it("asks for page 1 with limit 100 and shows Draft, votes and the Twitter button state", async () => {
    open("/admin?tab=articles", [
      article({}),
      article({ id: 3, title: "Posted one", twitterPosted: true }),
      article({ id: 4, title: "A draft", publishedAt: null, status: "draft" }),
      article({ id: 5, title: "A scheduled draft", publishedAt: null, status: "draft", scheduledFor: "2026-12-01T09:30:00.000Z" }),
    ]);
    const row = await screen.findByRole("listitem", { name: "Bitcoin holds steady" });
    expect(calls.find((c) => c.path.startsWith("/api/articles"))?.path).toBe("/api/articles?page=1&limit=100");
    expect(within(row).getByText("Published")).toBeInTheDocument();
    expect(row).toHaveTextContent("▲ 4");
    expect(row).toHaveTextContent("▼ 1");
    expect(within(row).getByRole("button", { name: "Post to Twitter" })).toBeEnabled();
    expect(within(screen.getByRole("listitem", { name: "Posted one" })).getByRole("button", { name: "Posted to Twitter" })).toBeDisabled();
    expect(within(screen.getByRole("listitem", { name: "A draft" })).getByText("Draft")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "A draft" })).queryByText(/^Scheduled/)).toBeNull();
    expect(
      within(screen.getByRole("listitem", { name: "A scheduled draft" })).getByText("Scheduled 2026-12-01 09:30 UTC"),
    ).toBeInTheDocument();
  });

  it("the review filter (linked from the Overview) lists held articles with each failed figure and their actions", async () => {
    open("/admin?tab=articles&filter=review", [held]);
    const row = await screen.findByRole("listitem", { name: "Pepe trends" });
    expect(calls.find((c) => c.path.startsWith("/api/articles"))?.path).toBe("/api/articles?page=1&limit=100&status=review");
    const reasons = within(row)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(reasons).toEqual(["PEPE price: $0.5 does not match the data ($0.00001)", "PEPE 24h change: +40% does not match (+4.1%)"]);
    for (const name of ["Publish anyway", "Regenerate", "Trash"]) expect(within(row).getByRole("button", { name })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Held for review" })).toHaveAttribute("aria-pressed", "true");
  });

  it("trashes a held article after the spec's prompt", async () => {
    open("/admin?tab=articles&filter=review", [held], mock(apiContract.trashArticle, { success: true, message: "ok" }));
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    await userEvent.click(within(await screen.findByRole("listitem", { name: "Pepe trends" })).getByRole("button", { name: "Trash" }));
    expect(confirm).toHaveBeenCalledWith(TRASH_CONFIRM);
    expect(await screen.findByText("Article moved to trash.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/articles/2")).toBe(true);
  });

  it("searches and filters by category through the query", async () => {
    open("/admin?tab=articles", [article({})]);
    await screen.findByRole("listitem", { name: "Bitcoin holds steady" });
    await userEvent.type(screen.getByPlaceholderText("Search title or content..."), "bitcoin etf{enter}");
    await screen.findByText(/matching “bitcoin etf”/);
    expect(calls.filter((c) => c.operation === "listArticles").at(-1)?.path).toBe("/api/articles?page=1&limit=100&q=bitcoin+etf");
    await userEvent.selectOptions(screen.getByLabelText("Category"), "17");
    await screen.findByRole("listitem", { name: "Bitcoin holds steady" });
    expect(calls.filter((c) => c.operation === "listArticles").at(-1)?.path).toBe(
      "/api/articles?page=1&limit=100&q=bitcoin+etf&categoryId=17",
    );
  });

  it("says 'Already Posted' when another admin posted first, and 'Failed to post to Twitter' otherwise", async () => {
    open(
      "/admin?tab=articles",
      [article({})],
      mock(apiContract.postToTwitter, errorBody("CONFLICT", ALREADY_POSTED_MESSAGE), { status: 409 }),
    );
    const row = await screen.findByRole("listitem", { name: "Bitcoin holds steady" });
    const button = within(row).getByRole("button", { name: "Post to Twitter" });
    await userEvent.click(button);
    expect(await screen.findByText("Already Posted")).toBeInTheDocument();
    expect(screen.getByText(ALREADY_POSTED_MESSAGE)).toBeInTheDocument();
    // Not a refusal: nothing is marked in the row.
    expect(within(row).queryByRole("alert")).toBeNull();
    expect(button).not.toHaveAccessibleDescription();
    server.use(failure(apiContract.postToTwitter, 500, { body: JSON.stringify(errorBody("INTERNAL", "Twitter refused the post")) }));
    await userEvent.click(button);
    expect(await screen.findByText("Failed to post to Twitter")).toBeInTheDocument();
    await vi.waitFor(() => expect(button).toHaveAccessibleDescription("Twitter refused the post"));
  });

  it("keeps a refused action's reason next to its button in the article's row", async () => {
    open(
      "/admin?tab=articles&filter=review",
      [held],
      mock(apiContract.publishArticle, errorBody("CONFLICT", "This article was regenerated; publish the new draft."), { status: 409 }),
    );
    vi.spyOn(window, "confirm").mockReturnValue(true);
    const row = await screen.findByRole("listitem", { name: "Pepe trends" });
    const publish = within(row).getByRole("button", { name: "Publish anyway" });
    await userEvent.click(publish);
    expect(await screen.findByText("Error")).toBeInTheDocument();
    await vi.waitFor(() => expect(publish).toHaveAccessibleDescription("This article was regenerated; publish the new draft."));
    expect(within(row).getByRole("alert")).toHaveTextContent("This article was regenerated; publish the new draft.");
    expect(within(row).getByRole("button", { name: "Trash" })).not.toHaveAccessibleDescription();
  });

  it("Publish anyway lists the held reasons the server gives, publishes over them only when confirmed, and the desk shows the record", async () => {
    const reasons = [
      'In "Pepe will double next week." (Pepe): "will": a prediction, which the data does not show',
      'In "Buy Pepe now." (Pepe): "Buy": investment advice (an instruction to the reader), which the data does not show',
    ];
    const refusal = {
      error: {
        ...errorBody("CONFLICT", "This article has sentences the claim check holds.").error,
        issues: reasons.map((message) => ({ path: "check", message })),
      },
    };
    open("/admin?tab=articles&filter=review", [held], mock(apiContract.publishArticle, refusal, { status: 409 }));
    const row = await screen.findByRole("listitem", { name: "Pepe trends" });
    await userEvent.click(within(row).getByRole("button", { name: "Publish anyway" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish over held sentences?" });
    expect(
      within(dialog)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(reasons);
    // The first call asked without an override; the refusal is not shown as an error by the button.
    expect(calls.filter((c) => c.path === "/api/admin/articles/2/publish").map((c) => c.body)).toEqual([{}]);
    expect(within(row).queryByRole("alert")).toBeNull();

    // Cancel publishes nothing.
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.filter((c) => c.path === "/api/admin/articles/2/publish")).toHaveLength(1);
  });

  it("asks before an override publish and sends exactly the reasons it listed", async () => {
    const reasons = ['In "Pepe will double next week." (Pepe): "will": a prediction, which the data does not show'];
    const refusal = { error: { ...errorBody("CONFLICT", "Held.").error, issues: reasons.map((message) => ({ path: "check", message })) } };
    open(
      "/admin?tab=articles&filter=review",
      [held],
      mock(apiContract.publishArticle, { success: true, message: "Article published over its held sentences (override recorded)" }),
    );
    // The first ask (no override) is refused with the reasons; the confirmed one is published.
    server.use(mock(apiContract.publishArticle, refusal, { status: 409, once: true }));
    const row = await screen.findByRole("listitem", { name: "Pepe trends" });
    await userEvent.click(within(row).getByRole("button", { name: "Publish anyway" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish over held sentences?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Publish anyway" }));
    expect(await screen.findByText("Article published over its held sentences (override recorded)")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === "/api/admin/articles/2/publish").map((c) => c.body)).toEqual([{}, { override: { reasons } }]);
  });

  it("shows who published an article over held sentences, when, and the reasons overridden", async () => {
    const override = { userId: "u1", email: "chief@example.com", at: "2026-11-22T07:00:00.000Z", reasons: ['In "x" (Pepe): held'] };
    open("/admin?tab=articles", [article({ id: 3, title: "Pepe published anyway", override })]);
    const row = await screen.findByRole("listitem", { name: "Pepe published anyway" });
    const record = within(row).getByRole("note", { name: "Published over held sentences" });
    expect(record).toHaveTextContent(/by chief@example\.com on/);
    expect(record).toHaveTextContent("Reasons overridden (1)");
    expect(record).toHaveTextContent('In "x" (Pepe): held');
  });

  it("has empty states for the list and the review queue", async () => {
    open("/admin?tab=articles&filter=review", []);
    expect(await screen.findByText("No articles are held for review.")).toBeInTheDocument();
  });
});
