import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt, stubFetch } from "#web/test/render.tsx";
import { UNSUBSCRIBE_TITLES, UnsubscribeView } from "./unsubscribe-view.tsx";

afterEach(() => vi.unstubAllGlobals());

const open = (search: string) => renderAt(<UnsubscribeView />, { path: "/unsubscribe", at: `/unsubscribe${search}` });

/** The reader confirms on the page: nothing is sent before this click (issue 10, item 4). */
async function pressUnsubscribe() {
  fireEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
}

describe("/unsubscribe", () => {
  it.each(["", "?token=", "?token=%20%20"])("without a token (%s) shows 'Invalid Link' and calls nothing", (search) => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    open(search);
    expect(screen.getByRole("heading", { name: UNSUBSCRIBE_TITLES.invalid })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks first: opening the page sends nothing; the button POSTs the token", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: "Done", email: "ada@example.com" })));
    vi.stubGlobal("fetch", fetchMock);
    open("?token=tok_ask");
    expect(screen.getByRole("heading", { name: UNSUBSCRIBE_TITLES.ask })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain("/api/newsletter/unsubscribe/tok_ask");
    expect(init.method).toBe("POST");
  });

  it("shows the processing state, then 'Unsubscribed Successfully' with the address", async () => {
    let answer: (res: Response) => void = () => {};
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      expect(String(input)).toContain("/api/newsletter/unsubscribe/tok_123");
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    });
    vi.stubGlobal("fetch", fetchMock);
    open("?token=tok_123");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.processing })).toBeInTheDocument();
    answer(new Response(JSON.stringify({ success: true, message: "You have been unsubscribed.", email: "ada@example.com" })));
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
  });

  it("shows the server's message when the address was already unsubscribed", async () => {
    vi.stubGlobal(
      "fetch",
      stubFetch({ "/api/newsletter/unsubscribe/tok": { success: true, message: "You are already unsubscribed.", email: null } }),
    );
    open("?token=tok");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(screen.getByText("You are already unsubscribed.")).toBeInTheDocument();
  });

  it("shows 'Unsubscribe Failed' with the server's reason for an unknown link, without a pointless retry", async () => {
    vi.stubGlobal(
      "fetch",
      stubFetch({
        "/api/newsletter/unsubscribe/nope": () =>
          new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "This unsubscribe link is invalid.", requestId: "r" } }), {
            status: 404,
          }),
      }),
    );
    open("?token=nope");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.failed })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This unsubscribe link is invalid.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("offers a retry after a network failure, which can then succeed", async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response(JSON.stringify({ success: true, message: "Done", email: "ada@example.com" }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    open("?token=tok");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.failed })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
