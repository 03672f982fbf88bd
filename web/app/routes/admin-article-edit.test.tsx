import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Category } from "#schema/contracts/article.ts";
import type { EditableArticle } from "#schema/contracts/editorial.ts";
import { MAX_HTML_ELEMENTS, TOO_MANY_ELEMENTS } from "#schema/contracts/html-allowlist.ts";
import AdminArticleEditPage, { EDITOR_DENIED_TEXT, EDITOR_DENIED_TOAST } from "#web/app/routes/admin-article-edit.tsx";
import { Toaster } from "#web/components/ui/toast.tsx";
import { RESTORE_CONFIRM, TRASH_CONFIRM } from "#web/features/editorial/components/editor-form.ts";
import { openArticleEditor } from "#web/test/article-editor.tsx";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { NO_META } from "#web/test/fixtures.ts";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";

const article: EditableArticle = {
  id: 7,
  slug: "btc-trending-analysis-2026-11-22",
  title: "Bitcoin trends on social volume",
  excerpt: "Bitcoin leads the social charts.",
  content: "<h2>Overview</h2><p>Bitcoin at $70,000.</p><script>alert(1)</script>",
  convertedFromMarkdown: true,
  imageUrl: "/images/trending-analysis.svg",
  categoryId: 17,
  isPublished: false,
  status: "review",
  reviewReason: "Bitcoin price: $70,000 does not match the data ($64,000)",
  check: null,
  override: null,
  cryptoSymbol: "BTC",
  revision: 3,
  createdAt: "2026-11-22T06:00:00.000Z",
  updatedAt: "2026-11-22T06:00:00.000Z",
  publishedAt: null,
  ...NO_META,
};
const categories: Category[] = [
  { id: 17, name: "Trending Analysis", slug: "trending-analysis", description: "", kind: "news" },
  { id: 18, name: "Daily Roundup", slug: "daily-roundup", description: "", kind: "news" },
];
const crash = (message: string) => ({ body: JSON.stringify(errorBody("INTERNAL", message)) });

/** An admin editing article 7; `handlers` answer the rest (and win over these). */
const open = (...handlers: HttpHandler[]) => openArticleEditor(article, categories, ...handlers);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("Article editor", () => {
  it("shows 'Loading article...' and then the spec's fields, sizes and settings", async () => {
    open();
    expect(await screen.findByText("Loading article...")).toBeInTheDocument();
    expect(await screen.findByLabelText("Title")).toHaveValue(article.title);
    expect(screen.getByRole("heading", { name: "Article Editor" })).toBeInTheDocument();
    expect(screen.getByLabelText("Excerpt")).toHaveAttribute("rows", "3");
    expect(screen.getByLabelText("Featured Image URL")).toHaveValue(article.imageUrl);
    expect(screen.getByLabelText("Version Notes")).toHaveAttribute("rows", "3");
    // Visual mode: the visual editor, on the sanitised content, with its word count.
    const visual = await screen.findByTestId("visual-editor");
    expect(visual).toHaveAttribute("contenteditable", "true");
    expect(visual.querySelector("h2")?.textContent).toBe("Overview");
    expect(visual.querySelector("script")).toBeNull();
    expect(screen.getByTestId("word-count")).toHaveTextContent("4 words · 1 min read");
    await userEvent.click(screen.getByRole("tab", { name: "HTML" }));
    expect(screen.getByRole("textbox", { name: "Content" })).toHaveAttribute("rows", "20");
    // Publish Settings.
    expect(await screen.findByRole("option", { name: "Trending Analysis" })).toBeInTheDocument();
    expect(screen.getByLabelText("Category")).toHaveValue("17");
    expect(screen.getByTestId("publish-state")).toHaveTextContent("Draft");
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    expect(screen.getByTestId("publish-state")).toHaveTextContent("Published");
    expect(screen.getByTestId("crypto-symbol")).toHaveTextContent("BTC");
    expect(screen.getByText(/\$70,000 does not match the data/)).toBeInTheDocument();
    for (const name of ["Version History", "Move to Trash", "Save Changes"])
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
  });

  it("saves the fields with the revision, the notes and the integer category", async () => {
    const saved = { ...article, title: "Bitcoin fixed", isPublished: true, status: "published", revision: 4 } as const;
    open(mock(apiContract.saveArticle, { success: true, message: "ok", article: saved }));
    await userEvent.clear(await screen.findByLabelText("Title"));
    await userEvent.type(screen.getByLabelText("Title"), "Bitcoin fixed");
    await userEvent.type(screen.getByLabelText("Version Notes"), "Fixed the price");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "18" } });
    await userEvent.click(screen.getByRole("button", { name: "Publish" }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Article updated successfully")).toBeInTheDocument();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.path).toBe("/api/articles/7");
    expect(put?.body).toEqual({
      title: "Bitcoin fixed",
      excerpt: article.excerpt,
      content: article.content,
      imageUrl: article.imageUrl,
      categoryId: 18,
      isPublished: true,
      authorNotes: "Fixed the price",
      // The metadata card's fields, as opened (article-meta-card.test.tsx edits them).
      slug: article.slug,
      ...NO_META,
      revision: 3,
    });
    expect(screen.getByLabelText("Version Notes")).toHaveValue("");
  });

  it("keeps everything typed when a save fails, and says so on a 409", async () => {
    open(failure(apiContract.saveArticle, 500, crash("Something went wrong on our side.")));
    const title = await screen.findByLabelText("Title");
    await userEvent.type(title, " (draft 2)");
    await userEvent.type(screen.getByLabelText("Version Notes"), "my notes");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update article")).toBeInTheDocument();
    expect(title).toHaveValue(`${article.title} (draft 2)`);
    expect(screen.getByLabelText("Version Notes")).toHaveValue("my notes");

    server.use(
      mock(
        apiContract.saveArticle,
        errorBody("CONFLICT", "This article was changed by someone else after you opened it. Nothing was overwritten."),
        { status: 409 },
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("button", { name: "Load the latest version (discards your edits)" })).toBeInTheDocument();
    expect(screen.getByText("Not saved:")).toBeInTheDocument();
    expect(screen.getAllByText(/changed by someone else after you opened it/).length).toBeGreaterThan(0);
    expect(title).toHaveValue(`${article.title} (draft 2)`);
  });

  it("shows the server's field errors under their fields, focuses the first, keeps the typing, and sums up the rest", async () => {
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", "Invalid json: title: Title must be at most 300 characters").error,
        issues: [
          { path: "title", message: "Title must be at most 300 characters" },
          { path: "imageUrl", message: "Use an https:// address or a site path" },
          { path: "content", message: "Content must be at most 200000 characters" },
          { path: "categoryId", message: "Choose a category" },
          { path: "override.reasons", message: "Too many reasons" },
        ],
      },
    };
    open(mock(apiContract.saveArticle, refusal, { status: 400 }));
    const title = await screen.findByLabelText("Title");
    await userEvent.type(title, " (draft 2)");
    await userEvent.clear(screen.getByLabelText("Featured Image URL"));
    await userEvent.type(screen.getByLabelText("Featured Image URL"), "javascript:alert(1)");
    await userEvent.type(screen.getByLabelText("Version Notes"), "my notes");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update article")).toBeInTheDocument();

    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Title must be at most 300 characters");
    expect(title).toHaveValue(`${article.title} (draft 2)`);
    const image = screen.getByLabelText("Featured Image URL");
    expect(image).toHaveAttribute("aria-invalid", "true");
    expect(image).toHaveAccessibleDescription("Use an https:// address or a site path");
    expect(image).toHaveValue("javascript:alert(1)");
    // The content's message opens the HTML mode, so the field it is about can be fixed.
    const content = screen.getByRole("textbox", { name: "Content" });
    expect(content).toHaveAttribute("aria-invalid", "true");
    expect(content).toHaveAccessibleDescription("Content must be at most 200000 characters");
    expect(content).toHaveValue(article.content);
    const category = screen.getByLabelText("Category");
    expect(category).toHaveAttribute("aria-invalid", "true");
    expect(category).toHaveAccessibleDescription("Choose a category");
    expect(screen.getByLabelText("Excerpt")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Version Notes")).toHaveValue("my notes");
    // A message with no field on the form is in the summary at the top.
    const summary = screen.getByRole("alert", { name: "Not saved" });
    expect(summary).toHaveTextContent("override.reasons: Too many reasons");
    expect(summary).not.toHaveTextContent("Title must be");

    // Fixing a field clears its own message only.
    await userEvent.type(title, "!");
    expect(title).not.toHaveAttribute("aria-invalid");
    expect(title).not.toHaveAccessibleDescription();
    expect(image).toHaveAttribute("aria-invalid", "true");
  });

  it("moves focus to the summary when no message has a field of its own", async () => {
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", "Invalid json: revision").error,
        issues: [{ path: "revision", message: "Too small: expected number to be >=1" }],
      },
    };
    open(mock(apiContract.saveArticle, refusal, { status: 400 }));
    await screen.findByLabelText("Title");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const summary = await screen.findByRole("alert", { name: "Not saved" });
    expect(summary).toHaveTextContent("revision: Too small");
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it("blocks a save without title or content with the validation toast and the message next to the field", async () => {
    open();
    const title = await screen.findByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Validation Error")).toBeInTheDocument();
    // Once in the toast, once under the title.
    expect(screen.getAllByText("Title and content are required")).toHaveLength(2);
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(title).toHaveAccessibleDescription("Title and content are required");
    expect(title).toHaveFocus();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("lists the current text and each version with its own note and time; restoring first shows a preview and a diff", async () => {
    const versions = [
      {
        id: null,
        current: true,
        versionNumber: 3,
        createdAt: "2026-11-22T08:00:00.000Z",
        title: article.title,
        authorNotes: "Fixed the price",
      },
      {
        id: 41,
        current: false,
        versionNumber: 2,
        createdAt: "2026-11-22T07:00:00.000Z",
        title: "Older title",
        authorNotes: "Tightened the intro",
      },
      {
        id: 40,
        current: false,
        versionNumber: 1,
        createdAt: "2026-11-22T06:00:00.000Z",
        title: "First title",
        authorNotes: "First version",
      },
    ];
    const detail = {
      current: false,
      versionNumber: 2,
      createdAt: "2026-11-22T07:00:00.000Z",
      title: "Older title",
      authorNotes: "Tightened the intro",
      id: 41,
      excerpt: article.excerpt,
      content: "<h2>Overview</h2><p>Bitcoin at $64,000.</p><p>A closing line.</p>",
      imageUrl: article.imageUrl,
      categoryId: 17,
    };
    const restored = { ...article, title: "Older title", revision: 4 };
    open(
      mock(apiContract.listArticleVersions, versions),
      mock(apiContract.getArticleVersion, detail),
      mock(apiContract.restoreArticleVersion, ({ params }) => {
        expect(params).toEqual({ id: "7", versionId: "41" });
        return { success: true as const, message: "ok", article: restored };
      }),
    );
    await screen.findByLabelText("Title");
    expect(calls.some((c) => c.path.endsWith("/versions"))).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Version History" }));
    const panel = await screen.findByRole("complementary", { name: "Version History" });
    const current = await within(panel).findByText(/Version 3 · Current/);
    expect(current.closest("li")).toHaveTextContent("Fixed the price");
    expect(within(panel).queryByRole("button", { name: /Version 3/ })).toBeNull();
    const version = within(panel).getByRole("button", { name: /Version 2/ });
    expect(version).toHaveTextContent("2026-11-22 07:00:00 UTC");
    expect(version).toHaveTextContent("Tightened the intro");

    // Choosing a version previews it and shows what restoring changes; nothing is restored yet.
    await userEvent.click(version);
    const dialog = await screen.findByRole("dialog", { name: "Restore version 2?" });
    expect(dialog).toHaveTextContent(RESTORE_CONFIRM);
    const diff = await within(dialog).findByTestId("restore-diff");
    const lines = within(diff)
      .getAllByRole("listitem")
      .map((li) => [li.getAttribute("data-kind"), li.textContent]);
    expect(lines).toContainEqual(["removed", "−Bitcoin trends on social volume"]);
    expect(lines).toContainEqual(["added", "+Older title"]);
    expect(lines).toContainEqual(["removed", "−Bitcoin at $70,000."]);
    expect(lines).toContainEqual(["added", "+Bitcoin at $64,000."]);
    expect(lines).toContainEqual(["added", "+A closing line."]);
    expect(within(dialog).getByTestId("restore-preview")).toHaveTextContent("Bitcoin at $64,000.");
    expect(calls.some((c) => c.path.endsWith("/restore"))).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(calls.some((c) => c.path.endsWith("/restore"))).toBe(false);

    await userEvent.click(version);
    await userEvent.click(await screen.findByRole("button", { name: "Restore version 2" }));
    await waitFor(() => expect(screen.getByLabelText("Title")).toHaveValue("Older title"));
    expect(calls.find((c) => c.path.endsWith("/restore"))?.body).toEqual({ revision: 3 });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("keeps Move to Trash apart from Save Changes and asks in a dialog first; a failure says so", async () => {
    open(failure(apiContract.trashArticle, 500, crash("boom")));
    await screen.findByLabelText("Title");
    const trash = screen.getByRole("button", { name: "Move to Trash" });
    expect(trash.closest("section")).toHaveAccessibleName("Remove from the site");
    expect(screen.getByRole("button", { name: "Save Changes" }).closest("section")).not.toBe(trash.closest("section"));
    await userEvent.click(trash);
    const dialog = await screen.findByRole("dialog", { name: /Move “Bitcoin trends on social volume” to the trash\?/ });
    expect(dialog).toHaveTextContent(TRASH_CONFIRM);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    await userEvent.click(trash);
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Move to Trash" }));
    expect(await screen.findByText("Failed to delete article")).toBeInTheDocument();
    server.use(mock(apiContract.trashArticle, { success: true, message: "ok" }));
    await userEvent.click(trash);
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Move to Trash" }));
    expect(await screen.findByText("Admin panel")).toBeInTheDocument();
  });

  it("says when the article does not exist", async () => {
    open(mock(apiContract.getEditableArticle, errorBody("NOT_FOUND", "Article not found"), { status: 404 }));
    expect(await screen.findByText("This article does not exist or is in the trash.")).toBeInTheDocument();
  });

  it("shows non-admins the editor's texts and sends them to /admin after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(...authMocks(makeUser({ role: "premium" })));
    render(<Toaster />);
    const go = vi.fn();
    renderAt(<AdminArticleEditPage go={go} />, { path: "/admin/articles/:id/edit", at: "/admin/articles/7/edit" });
    expect(await screen.findByText(EDITOR_DENIED_TEXT)).toBeInTheDocument();
    expect(await screen.findByText(EDITOR_DENIED_TOAST)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(go).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(go).toHaveBeenCalledWith("/admin");
  });
  it.each([
    {
      refused: "nests too deep",
      reason: "Content nests elements more than 100 levels deep; flatten the markup and save again.",
      typed: `${"<div>".repeat(150)}deep${"</div>".repeat(150)}`,
      savedFrom: "Visual",
    },
    // Saved from the HTML tab: jsdom takes longer than a test may to preview 10,000 elements.
    {
      refused: "has more elements than the cap",
      reason: TOO_MANY_ELEMENTS,
      typed: "<p>x</p>".repeat(MAX_HTML_ELEMENTS + 1),
      savedFrom: "HTML",
    },
  ])("keeps what the editor typed when the server refuses content that $refused", async ({ reason, typed, savedFrom }) => {
    const refusal = { error: { ...errorBody("BAD_REQUEST", reason).error, issues: [{ path: "content", message: reason }] } };
    open(mock(apiContract.saveArticle, refusal, { status: 400 }));
    await screen.findByLabelText("Title");
    await userEvent.click(screen.getByRole("tab", { name: "HTML" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Content" }), { target: { value: typed } });
    await userEvent.click(screen.getByRole("tab", { name: savedFrom }));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Failed to update article")).toBeInTheDocument();
    // The refusal opens the HTML mode on the content, with the reason, and the markup as typed.
    const content = await screen.findByRole("textbox", { name: "Content" });
    expect(content).toHaveAccessibleDescription(reason);
    expect(content).toHaveValue(typed);
  });
});
