import { act, fireEvent, render, screen, within } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminTag } from "#schema/contracts/admin-tags.ts";
import { TAG_ADDRESS_TAKEN } from "#schema/contracts/admin-tags.ts";
import { apiContract } from "#schema/contracts/api/index.ts";
import { Toaster } from "#web/components/ui/toast.tsx";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { TagsTab } from "./tags-tab.tsx";

const me = makeUser({ id: "u-admin", role: "admin", email: "chief@example.com" });
const tag = (id: number, name: string, slug: string, articles: number, publicArticles = articles): AdminTag => ({
  id,
  name,
  slug,
  articles,
  publicArticles,
  createdAt: "2026-11-20T10:00:00.000Z",
});
const etf = tag(1, "Bitcoin ETF", "bitcoin-etf", 3, 2);
const etfs = tag(2, "Bitcoin ETFs", "bitcoin-etfs", 1);
const drafts = tag(3, "Secret plans", "secret-plans", 1, 0);

function open(tags: AdminTag[], ...handlers: HttpHandler[]) {
  server.use(...authMocks(me), mock(apiContract.listTags, { tags }), ...handlers);
  render(<Toaster />);
  const go = vi.fn();
  renderAt(<TagsTab go={go} />, { path: "/admin" });
  return { go };
}

const row = async (name: string) => {
  const cell = await screen.findByRole("cell", { name });
  const tr = cell.closest("tr");
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
};

afterEach(() => vi.useRealTimers());

describe("Tags tab", () => {
  it("lists each tag with its page (or none yet) and the articles that carry it", async () => {
    open([etf, etfs, drafts]);
    const first = await row("Bitcoin ETF");
    expect(first.getByRole("link", { name: "/tag/bitcoin-etf" })).toHaveAttribute("href", "/tag/bitcoin-etf");
    expect(first.getByText("(2 published)")).toBeInTheDocument();
    const unpublished = await row("Secret plans");
    expect(unpublished.queryByRole("link")).toBeNull();
    expect(unpublished.getByText("/tag/secret-plans (no page yet)")).toBeInTheDocument();
    expect(screen.getByText(/3 tags\. A renamed or merged tag's old address leads to its page\./)).toBeInTheDocument();
  });

  it("says how to add one when there are none", async () => {
    open([]);
    expect(await screen.findByText(/No tags yet\. Add them to an article in its editor/)).toBeInTheDocument();
  });

  it("offers a retry when the list cannot be loaded", async () => {
    server.use(...authMocks(me), failure(apiContract.listTags, 500));
    renderAt(<TagsTab />, { path: "/admin" });
    expect(await screen.findByText(/Unable to load tags\./)).toBeInTheDocument();
    server.use(mock(apiContract.listTags, { tags: [etf] }));
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("cell", { name: "Bitcoin ETF" })).toBeInTheDocument();
  });

  it("renames in the row, showing the address as it is typed, and keeps what was typed when refused", async () => {
    open([etf, etfs], mock(apiContract.renameTag, { ...errorBody("CONFLICT", TAG_ADDRESS_TAKEN) }, { status: 409, once: true }));
    fireEvent.click((await row("Bitcoin ETF")).getByRole("button", { name: "Rename Bitcoin ETF" }));
    const field = screen.getByLabelText("New name for Bitcoin ETF");
    expect(field).toHaveFocus();
    fireEvent.change(field, { target: { value: "Spot ETFs" } });
    expect(screen.getByText("/tag/spot-etfs (/tag/bitcoin-etf will lead there)")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(TAG_ADDRESS_TAKEN));
    expect(field).toHaveValue("Spot ETFs");
    expect(screen.getByText("The tag was not changed.")).toBeInTheDocument();

    server.use(
      mock(apiContract.renameTag, {
        success: true,
        message: 'Renamed "Bitcoin ETF" to "Spot ETFs". /tag/bitcoin-etf now leads to /tag/spot-etfs.',
        tag: { ...etf, name: "Spot ETFs", slug: "spot-etfs" },
      }),
    );
    fireEvent.submit(field);
    expect(await screen.findByText(/\/tag\/bitcoin-etf now leads to \/tag\/spot-etfs/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH")).toMatchObject([
      { path: "/api/admin/tags/1", body: { name: "Spot ETFs" } },
      { path: "/api/admin/tags/1", body: { name: "Spot ETFs" } },
    ]);
    await vi.waitFor(() => expect(screen.queryByLabelText("New name for Bitcoin ETF")).toBeNull());
  });

  it("leaves a rename with Escape, sending nothing", async () => {
    open([etf, etfs]);
    fireEvent.click((await row("Bitcoin ETF")).getByRole("button", { name: "Rename Bitcoin ETF" }));
    fireEvent.keyDown(screen.getByLabelText("New name for Bitcoin ETF"), { key: "Escape" });
    expect(screen.queryByLabelText("New name for Bitcoin ETF")).toBeNull();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);
  });

  it("merges only into a tag the editor chose, after saying what moves", async () => {
    open(
      [etf, etfs, drafts],
      mock(apiContract.mergeTag, {
        success: true,
        message: 'Merged "Bitcoin ETF" into "Bitcoin ETFs". /tag/bitcoin-etf now leads to /tag/bitcoin-etfs.',
        tag: { ...etfs, articles: 4 },
      }),
    );
    fireEvent.click((await row("Bitcoin ETF")).getByRole("button", { name: "Merge Bitcoin ETF" }));
    const dialog = await screen.findByRole("dialog", { name: "Merge “Bitcoin ETF” into another tag?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge tags" }));
    expect(within(dialog).getByLabelText("Merge into")).toHaveAccessibleDescription("Choose the tag to merge into.");
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Merge into"), { target: { value: "2" } });
    expect(dialog).toHaveTextContent("3 articles will carry “Bitcoin ETFs” instead, and /tag/bitcoin-etf will lead to its page.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Merge tags" }));
    expect(await screen.findByText(/Merged "Bitcoin ETF" into "Bitcoin ETFs"/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST")).toMatchObject([{ path: "/api/admin/tags/1/merge", body: { into: 2 } }]);
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("deletes after asking, with Cancel focused", async () => {
    open([etf, etfs], mock(apiContract.deleteTag, { success: true, message: 'Deleted "Bitcoin ETFs" and took it off 1 article.' }));
    fireEvent.click((await row("Bitcoin ETFs")).getByRole("button", { name: "Delete Bitcoin ETFs" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete “Bitcoin ETFs”?" });
    expect(dialog).toHaveTextContent("It is taken off 1 article.");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete tag" }));
    expect(await screen.findByText('Deleted "Bitcoin ETFs" and took it off 1 article.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE")).toMatchObject([{ path: "/api/admin/tags/2" }]);
  });

  it("on 401 says the session expired and goes to sign-in after 0.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { go } = open(
      [etf, etfs],
      mock(apiContract.deleteTag, errorBody("UNAUTHORIZED", "Unauthorized: please sign in."), { status: 401 }),
    );
    fireEvent.click((await row("Bitcoin ETF")).getByRole("button", { name: "Delete Bitcoin ETF" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete tag" }));
    expect(await screen.findByText("Session expired. Redirecting to login...")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(go).toHaveBeenCalledWith("/api/login?returnTo=%2Fadmin%3Ftab%3Dtags");
  });
});
