import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { TrashedArticle } from "#schema/contracts/editorial.ts";
import { ADMIN_DENIED_TEXT } from "#web/app/layout/admin-gate.tsx";
import AdminTrashPage, { TRASH_DENIED_TOAST } from "#web/app/routes/admin-trash.tsx";
import { Toaster } from "#web/components/ui/toast.tsx";
import { deleteConfirm, restoreConfirm } from "#web/features/editorial/components/trash-page.tsx";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";

const long = "E".repeat(150);
const items: TrashedArticle[] = [
  {
    id: 1,
    title: "Bitcoin holds steady",
    excerpt: long,
    categoryId: 18,
    categoryName: "Daily Roundup",
    cryptoSymbol: null,
    deletedAt: "2026-11-22T08:30:00.000Z",
    deletedBy: "Ada Lovelace",
  },
  {
    id: 2,
    title: "Pepe trends",
    excerpt: "Meme coin momentum",
    categoryId: 99,
    categoryName: null,
    cryptoSymbol: "PEPE",
    deletedAt: "2026-11-22T09:00:00.000Z",
    deletedBy: "chief@example.com",
  },
];
const ok = { success: true, message: "ok" } as const;

function open(...handlers: HttpHandler[]) {
  server.use(...authMocks(makeUser({ role: "admin" })), ...handlers);
  render(<Toaster />);
  renderAt(<AdminTrashPage go={vi.fn()} />, { path: "/admin/trash" });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("Trash manager", () => {
  it("lists deleted articles with the spec's title, count, columns, notice and fallbacks", async () => {
    open(mock(apiContract.listTrash, items));
    expect(await screen.findByText("2 items in trash")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Trash Manager" })).toBeInTheDocument();
    expect(screen.getByText(/Permanently deleted articles cannot be recovered/)).toBeInTheDocument();
    expect(screen.getByText(/Restored articles keep their original creation date and URL slug/)).toBeInTheDocument();
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Title", "Category", "Crypto", "Deleted", "Deleted By", "Actions"]);
    const [first, second] = screen.getAllByRole("row").slice(1);
    expect(within(first as HTMLElement).getByText(`${"E".repeat(100)}…`)).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText("-")).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("Unknown")).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("PEPE")).toBeInTheDocument();
  });

  it("filters on the client by title, excerpt or symbol, case-insensitively", async () => {
    open(mock(apiContract.listTrash, items));
    const search = await screen.findByPlaceholderText("Search deleted articles...");
    await userEvent.type(search, "pepe");
    expect(screen.getAllByRole("row")).toHaveLength(2);
    await userEvent.clear(search);
    await userEvent.type(search, "MEME");
    expect(screen.getByText("Pepe trends")).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, "solana");
    expect(screen.getByText("No matching articles found")).toBeInTheDocument();
  });

  it("says 'Trash is empty' when it is", async () => {
    open(mock(apiContract.listTrash, []));
    expect(await screen.findByText("Trash is empty")).toBeInTheDocument();
    expect(screen.getByText("0 items in trash")).toBeInTheDocument();
  });

  it("restores after the prompt, toasts and refreshes", async () => {
    let list = items;
    open(
      mock(apiContract.listTrash, () => list),
      mock(apiContract.restoreFromTrash, ({ params }) => {
        expect(params.id).toBe("1");
        list = items.slice(1);
        return ok;
      }),
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const [restore] = await screen.findAllByRole("button", { name: "Restore" });
    await userEvent.click(restore as HTMLElement);
    expect(confirm).toHaveBeenCalledWith(restoreConfirm("Bitcoin holds steady"));
    expect(await screen.findByText("Article restored successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("1 items in trash")).toBeInTheDocument());
    expect(calls.filter((c) => c.path === "/api/admin/trash")).toHaveLength(2);
  });

  it("deletes forever after the prompt; failures show the server's message or the spec's fallback", async () => {
    open(
      mock(apiContract.listTrash, items),
      mock(apiContract.deleteForever, errorBody("NOT_FOUND", "Article not found in trash"), { status: 404 }),
      failure(apiContract.restoreFromTrash, 500, { body: "" }),
    );
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const del = (await screen.findAllByRole("button", { name: "Delete Forever" }))[1] as HTMLElement;
    await userEvent.click(del);
    expect(confirm).toHaveBeenCalledWith(deleteConfirm("Pepe trends"));
    expect(await screen.findByText("Article not found in trash")).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole("button", { name: "Restore" })[1] as HTMLElement);
    expect(await screen.findByText("Failed to restore article")).toBeInTheDocument();
    server.use(failure(apiContract.deleteForever, 500, { body: "" }));
    await userEvent.click(del);
    expect(await screen.findByText("Failed to delete article permanently")).toBeInTheDocument();
    server.use(mock(apiContract.deleteForever, ok));
    await userEvent.click(del);
    expect(await screen.findByText("Article permanently deleted")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual(Array(3).fill("/api/admin/trash/2"));
  });

  it("does nothing when a prompt is declined", async () => {
    open(mock(apiContract.listTrash, items));
    vi.spyOn(window, "confirm").mockReturnValue(false);
    await userEvent.click((await screen.findAllByRole("button", { name: "Delete Forever" }))[0] as HTMLElement);
    await userEvent.click(screen.getAllByRole("button", { name: "Restore" })[0] as HTMLElement);
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
  });

  it("toasts non-admins, shows the unauthorized card and sends them to /admin after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(...authMocks(null));
    render(<Toaster />);
    const go = vi.fn();
    renderAt(<AdminTrashPage go={go} />, { path: "/admin/trash" });
    expect(await screen.findByText(TRASH_DENIED_TOAST)).toBeInTheDocument();
    expect(screen.getByText(ADMIN_DENIED_TEXT)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(go).toHaveBeenCalledWith("/admin");
  });
});
