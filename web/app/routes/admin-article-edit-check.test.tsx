import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Category } from "#schema/contracts/article.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { openArticleEditor } from "#web/test/article-editor.tsx";
import { NO_META } from "#web/test/fixtures.ts";
import { calls, errorBody, mock, server } from "#web/test/msw.ts";

/** An AI-written article held for a prediction, as the editor opens it. */
const article: EditableArticle = {
  id: 7,
  slug: "btc-trending-analysis-2026-11-22",
  title: "Bitcoin trends on social volume",
  excerpt: "Bitcoin leads the social charts.",
  content: "<p>Bitcoin at $64,039.00.</p><p>Bitcoin will hit $90,000 next week.</p>",
  convertedFromMarkdown: true,
  imageUrl: "/images/trending-analysis.svg",
  categoryId: 17,
  isPublished: false,
  status: "review",
  reviewReason: null,
  check: null,
  override: null,
  cryptoSymbol: "BTC",
  revision: 3,
  createdAt: "2026-11-22T06:00:00.000Z",
  updatedAt: "2026-11-22T06:00:00.000Z",
  publishedAt: null,
  ...NO_META,
};
const categories: Category[] = [{ id: 17, name: "Trending Analysis", slug: "trending-analysis", description: "", kind: "news" }];

/** An admin editing article 7; `handlers` answer the rest (and win over these). */
const open = (...handlers: HttpHandler[]) => openArticleEditor(article, categories, ...handlers);

afterEach(() => vi.restoreAllMocks());

/** The claim check in the editor: its result after each save, and the confirm before publishing over held sentences. */
describe("Article editor and the claim check", () => {
  it("shows the claim check's result after a save", async () => {
    const check = { ok: true, reasons: [] as string[], checkedAt: "2026-11-22T07:00:00.000Z", by: "editor" as const };
    const saved = { ...article, status: "draft", reviewReason: null, revision: 4, check } as const;
    open(mock(apiContract.saveArticle, { success: true, message: "ok", article: saved }));
    await userEvent.type(await screen.findByLabelText("Title"), "!");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const panel = await screen.findByRole("status", { name: "Claim check" });
    expect(panel).toHaveTextContent("Claim check: passed.");
    expect(panel).toHaveTextContent("on save");
  });

  it("shows every sentence's reading after a save: what it claims, the facts it cites, and for a held one what disagrees", async () => {
    const readings = [
      {
        sentence: "Bitcoin fell 1.18% over the past 24 hours.",
        coins: ["Bitcoin"],
        frame: "direction",
        claims: [
          {
            subject: "Bitcoin",
            metric: "change",
            period: "24h",
            kind: "direction" as const,
            direction: -1 as const,
            facts: ["bitcoin.change_24h"],
          },
        ],
        verdict: "ok" as const,
        problems: [],
      },
      {
        sentence: "Bitcoin will hit $90,000 next week.",
        coins: ["Bitcoin"],
        frame: "none",
        claims: [],
        verdict: "held" as const,
        problems: ["no reading: this sentence matches none of the frames"],
      },
    ];
    const check = {
      ok: false,
      reasons: ['In "Bitcoin will hit $90,000 next week." (Bitcoin): a prediction'],
      checkedAt: "2026-11-22T07:00:00.000Z",
      by: "editor" as const,
      readings,
    };
    const saved = { ...article, status: "review", reviewReason: null, revision: 4, check } as const;
    open(mock(apiContract.saveArticle, { success: true, message: "ok", article: saved }));
    await userEvent.type(await screen.findByLabelText("Title"), "!");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const list = await screen.findByTestId("sentence-readings");
    expect(list).toHaveAttribute("open");
    expect(within(list).getByText(/^Sentence readings: 2 sentences, 1 held$/)).toBeInTheDocument();
    // The list scrolls when long: a named region a keyboard can reach (axe: scrollable-region-focusable).
    expect(within(list).getByRole("region", { name: "Sentence readings" })).toHaveAttribute("tabindex", "0");
    const [read, held] = within(list)
      .getAllByRole("listitem")
      .filter((li) => li.hasAttribute("data-verdict"));
    expect(read).toHaveTextContent("Bitcoin: gives the direction of change (down) over 24h, citing bitcoin.change_24h");
    expect(held).toHaveAttribute("data-verdict", "held");
    expect(held).toHaveTextContent("Reading: no sentence form reads it");
    expect(within(held as HTMLElement).getByRole("list", { name: "What disagrees" })).toHaveTextContent(
      "no reading: this sentence matches none of the frames",
    );
  });

  it("asks before publishing over held sentences, listing them; Cancel keeps every edit; confirming sends exactly those reasons", async () => {
    const reasons = [
      'In "Bitcoin will hit $90,000 next week." (Bitcoin): "will": a prediction, which the data does not show',
      'In "Bitcoin will hit $90,000 next week." (Bitcoin): "next week": a prediction, which the data does not show',
    ];
    const refusal = {
      error: {
        ...errorBody("CONFLICT", "This article has sentences the claim check holds.").error,
        issues: reasons.map((message) => ({ path: "check", message })),
      },
    };
    const check = { ok: false, reasons, checkedAt: "2026-11-22T07:00:00.000Z", by: "editor" } as const;
    const override = { userId: "u1", email: "chief@example.com", at: "2026-11-22T07:00:00.000Z", reasons };
    const published = { ...article, status: "published", isPublished: true, reviewReason: null, revision: 4, check, override } as const;
    // The two saves without an override are refused with the reasons; the confirmed one is saved.
    open(mock(apiContract.saveArticle, { success: true, message: "ok", article: published }));
    server.use(
      mock(apiContract.saveArticle, refusal, { status: 409, once: true }),
      mock(apiContract.saveArticle, refusal, { status: 409, once: true }),
    );

    const title = await screen.findByLabelText("Title");
    await userEvent.type(title, " (edited)");
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const dialog = await screen.findByRole("dialog", { name: "Publish over held sentences?" });
    expect(
      within(within(dialog).getByRole("list", { name: "Held reasons" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(reasons);
    // Not an error: no failure toast, no conflict notice, nothing in the summary.
    expect(screen.queryByText("Failed to update article")).toBeNull();
    expect(screen.queryByText("Not saved:")).toBeNull();

    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(title).toHaveValue(`${article.title} (edited)`);
    expect(screen.getByTestId("publish-state")).toHaveTextContent("Published");

    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const again = await screen.findByRole("dialog", { name: "Publish over held sentences?" });
    await userEvent.click(within(again).getByRole("button", { name: "Publish anyway" }));
    expect(await screen.findByText("Article updated successfully")).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === "PUT").map((c) => c.body as { override?: unknown; title: string });
    expect(puts.map((b) => b.override)).toEqual([undefined, undefined, { reasons }]);
    expect(puts.at(-1)?.title).toBe(`${article.title} (edited)`);
    const panel = screen.getByRole("status", { name: "Claim check" });
    expect(panel).toHaveTextContent("Claim check: 2 held reasons");
    expect(within(panel).getByRole("note", { name: "Published over held sentences" })).toHaveTextContent("by chief@example.com on");
  });
});
