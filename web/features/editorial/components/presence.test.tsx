import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ws } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { ArticleChange, PresencePerson, PresenceServerMessage } from "#schema/contracts/presence.ts";
import { openArticleEditor } from "#web/test/article-editor.tsx";
import { EDITOR_CATEGORIES, makeEditable } from "#web/test/fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { clock, WARNING_TEXT } from "../lib/presence-text.ts";

const article = makeEditable({
  slug: "eth-weekly",
  title: "Ether holds its range",
  excerpt: "Ether traded flat.",
  imageUrl: "/images/eth.svg",
  isPublished: true,
  status: "published",
  revision: 3,
  publishedAt: "2026-11-22T06:00:00.000Z",
});
const categories = EDITOR_CATEGORIES;

const person = (over: Partial<PresencePerson>): PresencePerson => ({
  connection: "c-me",
  userId: "u-me",
  name: "Me",
  email: "me@example.com",
  openedAt: "2026-11-29T12:01:00.000Z",
  editing: false,
  since: "2026-11-29T12:01:00.000Z",
  ...over,
});
const me = person({});
const ava = person({
  connection: "c-ava",
  userId: "u-ava",
  name: "Ava",
  email: "ava@example.com",
  openedAt: "2026-11-29T11:58:00.000Z",
  editing: true,
  since: "2026-11-29T12:03:00.000Z",
});

/** The presence object as the test plays it: what the editor said, and what it is told. */
type Client = { url: URL; send(data: string): void; close(): void };
let sockets: Client[];
let said: unknown[];
beforeEach(() => {
  sockets = [];
  said = [];
  server.use(
    ws.link(/\/api\/articles\/\d+\/presence/).addEventListener("connection", ({ client }) => {
      sockets.push(client);
      client.addEventListener("message", (e) => said.push(e.data === "ping" ? "ping" : JSON.parse(String(e.data))));
    }),
  );
});
afterEach(() => {
  for (const s of sockets) s.close();
});

const tell = (m: PresenceServerMessage) => act(() => sockets.at(-1)?.send(JSON.stringify(m)));
const people = (...list: PresencePerson[]) => tell({ type: "people", you: "c-me", people: list });
const changed = (change: Partial<ArticleChange>) =>
  tell({
    type: "changed",
    change: {
      kind: "saved",
      revision: 4,
      status: "published",
      by: { userId: "u-ava", name: "Ava" },
      at: "2026-11-29T12:07:00.000Z",
      ...change,
    },
  });

async function openEditor() {
  const view = openArticleEditor(article, categories);
  await screen.findByLabelText("Title");
  await waitFor(() => expect(sockets).toHaveLength(1));
  return view;
}

describe("presence in the article editor", () => {
  it("opens one socket with the revision it shows; alone, says so quietly and asks nothing before an edit", async () => {
    await openEditor();
    expect(sockets[0]?.url.pathname).toBe("/api/articles/9/presence");
    expect(sockets[0]?.url.searchParams.get("revision")).toBe("3");
    // The strip claims nothing before the object has spoken.
    expect(screen.getByTestId("presence-strip")).toHaveTextContent("");
    await people(me);
    expect(screen.getByTestId("presence-strip")).toHaveTextContent("Only you are here.");
    await userEvent.type(screen.getByLabelText("Title"), "!");
    expect(screen.getByLabelText("Title")).toHaveValue(`${article.title}!`);
    expect(screen.queryByRole("dialog")).toBeNull();
    // The first change says "editing"; taking it back says "viewing" again.
    await waitFor(() => expect(said).toContainEqual({ type: "state", editing: true }));
    await userEvent.type(screen.getByLabelText("Title"), "{Backspace}");
    await waitFor(() => expect(said.at(-1)).toEqual({ type: "state", editing: false }));
  });

  it("shows who else is here, live, and asks before the first edit while Ava edits: Cancel changes nothing, Edit anyway lets the typing through", async () => {
    await openEditor();
    await people(ava, me);
    const strip = screen.getByTestId("presence-strip");
    expect(strip).toHaveAttribute("role", "status");
    expect(strip).toHaveTextContent(`Also here: Ava editing since ${clock(ava.since)}`);

    const title = screen.getByLabelText("Title");
    await userEvent.type(title, "X");
    const dialog = await screen.findByRole("dialog", { name: "Ava is editing this article." });
    expect(dialog).toHaveTextContent(WARNING_TEXT);
    // The keystroke was held, not typed; Cancel has the focus, so more typing cannot confirm.
    expect(title).toHaveValue(article.title);
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(title).toHaveFocus();
    expect(title).toHaveValue(article.title);
    expect(said).not.toContainEqual({ type: "state", editing: true });

    // Asked again at the next edit; the category and the Publish toggle are edits too.
    await userEvent.click(screen.getByRole("button", { name: "Unpublish" }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    expect(screen.getByTestId("publish-state")).toHaveTextContent("Published");
    await userEvent.click(screen.getByRole("button", { name: "Edit anyway" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await userEvent.type(title, "Y");
    expect(title).toHaveValue(`${article.title}Y`);
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(said).toContainEqual({ type: "state", editing: true }));

    // Ava leaves: the strip follows.
    await people(me);
    expect(strip).toHaveTextContent("Only you are here.");
  });

  it("does not ask the admin who was there first about one who only opened it after", async () => {
    await openEditor();
    await people(me, person({ connection: "c-ben", userId: "u-ben", name: "Ben", openedAt: "2026-11-29T12:05:00.000Z" }));
    expect(screen.getByTestId("presence-strip")).toHaveTextContent("Ben viewing since");
    await userEvent.type(screen.getByLabelText("Title"), "Z");
    expect(screen.getByLabelText("Title")).toHaveValue(`${article.title}Z`);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says who changed the article underneath and when, and loads the new version keeping the typed text", async () => {
    await openEditor();
    await people(me);
    await userEvent.clear(screen.getByLabelText("Title"));
    await userEvent.type(screen.getByLabelText("Title"), "My better title");
    const fresh = { ...article, revision: 4, excerpt: "Ava's excerpt.", title: "Ava's title", updatedAt: "2026-11-29T12:07:00.000Z" };
    server.use(mock(apiContract.getEditableArticle, fresh));
    await changed({});
    const notice = await screen.findByTestId("stale-notice");
    expect(notice).toHaveAttribute("role", "alert");
    expect(notice).toHaveTextContent(`This article was changed by Ava at ${clock("2026-11-29T12:07:00.000Z")} (now published).`);
    await userEvent.click(within(notice).getByRole("button", { name: "Load it and keep my text" }));
    await waitFor(() => expect(screen.queryByTestId("stale-notice")).toBeNull());
    // Mine where I typed; Ava's where I did not; and told that we both changed the title.
    expect(screen.getByLabelText("Title")).toHaveValue("My better title");
    expect(screen.getByLabelText("Excerpt")).toHaveValue("Ava's excerpt.");
    expect(await screen.findByText(/You both changed: Title/)).toBeInTheDocument();
    // The next save goes at the new revision.
    server.use(
      mock(apiContract.saveArticle, { success: true, message: "ok", article: { ...fresh, title: "My better title", revision: 5 } }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(calls.find((c) => c.operation === "saveArticle")?.body).toMatchObject({ revision: 4, title: "My better title" }),
    );
    await waitFor(() => expect(said.at(-1)).toEqual({ type: "state", editing: false }));
  });

  it("discards the typed text only when asked, and a form with nothing typed just loads", async () => {
    await openEditor();
    await people(me);
    await userEvent.type(screen.getByLabelText("Title"), " typed");
    const fresh = { ...article, revision: 4, title: "Published by schedule" };
    server.use(mock(apiContract.getEditableArticle, fresh));
    await changed({ kind: "scheduled", by: null });
    const notice = await screen.findByTestId("stale-notice");
    expect(notice).toHaveTextContent(`This article was published by its schedule at ${clock("2026-11-29T12:07:00.000Z")}.`);
    await userEvent.click(within(notice).getByRole("button", { name: "Load it and discard my changes" }));
    await waitFor(() => expect(screen.getByLabelText("Title")).toHaveValue("Published by schedule"));
    expect(screen.queryByTestId("stale-notice")).toBeNull();

    server.use(mock(apiContract.getEditableArticle, { ...fresh, revision: 5, title: "Again" }));
    await changed({ revision: 5 });
    await userEvent.click(await screen.findByRole("button", { name: "Load the new version" }));
    await waitFor(() => expect(screen.getByLabelText("Title")).toHaveValue("Again"));
  });

  it("reconnects after a lost socket, naming the revision it now shows, and claims nothing meanwhile", async () => {
    await openEditor();
    await people(ava, me);
    server.use(mock(apiContract.getEditableArticle, { ...article, revision: 4, title: "Newer" }));
    await changed({});
    await userEvent.click(await screen.findByRole("button", { name: "Load the new version" }));
    await waitFor(() => expect(screen.getByLabelText("Title")).toHaveValue("Newer"));
    await act(() => sockets[0]?.close());
    await waitFor(() => expect(screen.getByTestId("presence-strip")).toHaveTextContent(""));
    // The next socket comes after the backoff (a second at most for the first retry).
    await waitFor(() => expect(sockets).toHaveLength(2), { timeout: 5_000 });
    expect(sockets[1]?.url.searchParams.get("revision")).toBe("4");
    await people(me);
    expect(screen.getByTestId("presence-strip")).toHaveTextContent("Only you are here.");
  });

  it("shows no notice for a change it already holds, and for the trash keeps the form and offers the way back", async () => {
    await openEditor();
    await people(me);
    await changed({ revision: 3 });
    expect(screen.queryByTestId("stale-notice")).toBeNull();
    await userEvent.type(screen.getByLabelText("Title"), " kept");
    await changed({ kind: "trashed", revision: null, status: null });
    const notice = await screen.findByTestId("stale-notice");
    expect(notice).toHaveTextContent("Ava moved this article to the trash at");
    expect(within(notice).getByRole("link", { name: "Back to the articles" })).toBeInTheDocument();
    expect(within(notice).queryByRole("button")).toBeNull();
    expect(screen.getByLabelText("Title")).toHaveValue(`${article.title} kept`);
  });
});
