import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ArticleDraft } from "#schema/contracts/article-draft.ts";
import { openArticleEditor } from "#web/test/article-editor.tsx";
import { EDITOR_CATEGORIES, makeEditable } from "#web/test/fixtures.ts";
import { calls, failure, mock } from "#web/test/msw.ts";
import { AUTOSAVE_DELAY_MS } from "../hooks/use-autosave.ts";
import { formOf } from "./editor-form.ts";

const article = makeEditable({
  slug: "eth-roundup",
  title: "Ether holds its ground",
  excerpt: "A quiet week.",
  content: "<p>Ether closed the week flat.</p>",
  revision: 4,
});
const categories = EDITOR_CATEGORIES;
// The admin openArticleEditor signs in (makeUser's id).
const LOCAL_KEY = "coinsight:article-draft:u-1:9";
// The debounce plus the server's answer, on a loaded machine: a bound on a condition, not a wait.
const AUTOSAVED = { timeout: AUTOSAVE_DELAY_MS + 4000 };

const draftOf = (changes: Partial<ReturnType<typeof formOf>>, at: string, baseRevision = article.revision): ArticleDraft => ({
  form: { ...formOf(article), ...changes },
  baseRevision,
  savedAt: at,
});
const local = () => JSON.parse(localStorage.getItem(LOCAL_KEY) ?? "null") as ArticleDraft | null;

afterEach(() => localStorage.clear());

describe("autosave and recovery", () => {
  it("saves the resting form to this browser, then to the server, and says when", async () => {
    openArticleEditor(article, categories);
    const title = await screen.findByLabelText("Title");
    await userEvent.type(title, " for now");
    await waitFor(() => expect(screen.getByTestId("autosave-status")).toHaveTextContent(/^Draft saved \d\d:\d\d$/), AUTOSAVED);
    expect(local()).toMatchObject({ form: { title: "Ether holds its ground for now", content: article.content }, baseRevision: 4 });
    const puts = calls.filter((c) => c.operation === "saveArticleDraft");
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toEqual({ form: { ...formOf(article), title: "Ether holds its ground for now" }, baseRevision: 4 });
  });

  it("keeps the browser's copy when the server cannot be reached, and says so quietly", async () => {
    openArticleEditor(article, categories, failure(apiContract.saveArticleDraft, 503));
    await userEvent.type(await screen.findByLabelText("Excerpt"), " Then it moved.");
    await waitFor(
      () => expect(screen.getByTestId("autosave-status")).toHaveTextContent(/^Saved to this browser \d\d:\d\d · not yet to the server$/),
      AUTOSAVED,
    );
    expect(local()?.form.excerpt).toBe("A quiet week. Then it moved.");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("offers the browser's copy back after a closed tab, and Restore puts every field back", async () => {
    const saved = draftOf(
      { title: "Ether breaks out", content: "<p>Unsaved words.</p>", authorNotes: "Rewrote the lead" },
      "2026-11-29T12:03:00.000Z",
    );
    localStorage.setItem(LOCAL_KEY, JSON.stringify(saved));
    openArticleEditor(article, categories);
    const notice = await screen.findByTestId("draft-recovery");
    expect(within(notice).getByRole("heading", { name: "Restore unsaved changes" })).toBeInTheDocument();
    expect(notice).toHaveTextContent(/from Nov 29, 2026 at \d\d:03/);
    expect(notice).not.toHaveTextContent("older revision");
    expect(screen.getByTestId("autosave-status")).toHaveTextContent("Autosave is paused");
    await userEvent.click(within(notice).getByRole("button", { name: "Restore" }));
    expect(screen.queryByTestId("draft-recovery")).toBeNull();
    expect(screen.getByLabelText("Title")).toHaveValue("Ether breaks out");
    expect(screen.getByLabelText("Version Notes")).toHaveValue("Rewrote the lead");
    expect(await screen.findByTestId("visual-editor")).toHaveTextContent("Unsaved words.");
    // Autosaved again, against today's revision.
    await waitFor(() => expect(calls.some((c) => c.operation === "saveArticleDraft")).toBe(true), AUTOSAVED);
  });

  it("offers the newer of the two copies, and says when it started from an older revision", async () => {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(draftOf({ title: "Older local" }, "2026-11-29T10:00:00.000Z")));
    const remote = draftOf({ title: "Newer on the server" }, "2026-11-29T11:00:00.000Z", 2);
    openArticleEditor(article, categories, mock(apiContract.getArticleDraft, { draft: remote }));
    const notice = await screen.findByTestId("draft-recovery");
    expect(notice).toHaveTextContent("They were made to an older revision (2); the article has been saved since (now revision 4).");
    await userEvent.click(within(notice).getByRole("button", { name: "Restore" }));
    expect(screen.getByLabelText("Title")).toHaveValue("Newer on the server");
  });

  it("Discard clears both copies and keeps the stored article", async () => {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(draftOf({ title: "Throw away" }, "2026-11-29T10:00:00.000Z")));
    openArticleEditor(article, categories);
    await userEvent.click(within(await screen.findByTestId("draft-recovery")).getByRole("button", { name: "Discard" }));
    expect(screen.queryByTestId("draft-recovery")).toBeNull();
    expect(screen.getByLabelText("Title")).toHaveValue(article.title);
    expect(local()).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.operation === "deleteArticleDraft")).toBe(true));
  });

  it("offers nothing for a copy that says what the article already says, and clears it", async () => {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(draftOf({}, "2026-11-29T10:00:00.000Z")));
    openArticleEditor(article, categories);
    await screen.findByLabelText("Title");
    await waitFor(() => expect(local()).toBeNull());
    expect(screen.queryByTestId("draft-recovery")).toBeNull();
  });

  it("a successful save clears the browser's copy", async () => {
    const savedArticle = { ...article, title: "Ether, saved", revision: 5 };
    openArticleEditor(article, categories, mock(apiContract.saveArticle, { success: true, message: "ok", article: savedArticle }));
    const title = await screen.findByLabelText("Title");
    await userEvent.clear(title);
    await userEvent.type(title, "Ether, saved");
    await waitFor(() => expect(local()?.form.title).toBe("Ether, saved"), AUTOSAVED);
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Article updated successfully")).toBeInTheDocument();
    await waitFor(() => expect(local()).toBeNull());
    expect(screen.queryByTestId("autosave-status")).toBeNull();
  });
});
