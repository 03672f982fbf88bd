import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { UnsubscribeResponse } from "#schema/contracts/newsletter.ts";
import { calls, errorBody, mock, networkError, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { UNSUBSCRIBE_TITLES, UnsubscribeView } from "./unsubscribe-view.tsx";

const unsubscribe = apiContract.unsubscribeNewsletter;
const done: UnsubscribeResponse = { success: true, message: "Done", email: "ada@example.com" };

const open = (search: string) => renderAt(<UnsubscribeView />, { path: "/unsubscribe", at: `/unsubscribe${search}` });

/** The reader confirms on the page: nothing is sent before this click (link scanners cannot unsubscribe). */
async function pressUnsubscribe() {
  fireEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
}

describe("/unsubscribe", () => {
  it.each(["", "?token=", "?token=%20%20"])("without a token (%s) shows 'Invalid Link' and calls nothing", (search) => {
    open(search);
    expect(screen.getByRole("heading", { name: UNSUBSCRIBE_TITLES.invalid })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("asks first: opening the page sends nothing; the button POSTs the token", async () => {
    server.use(mock(unsubscribe, done));
    open("?token=tok_ask");
    expect(screen.getByRole("heading", { name: UNSUBSCRIBE_TITLES.ask })).toBeInTheDocument();
    expect(calls).toEqual([]);
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(calls).toMatchObject([{ method: "POST", path: "/api/newsletter/unsubscribe/tok_ask" }]);
  });

  it("shows the processing state, then 'Unsubscribed Successfully' with the address", async () => {
    let answer: (res: UnsubscribeResponse) => void = () => {};
    server.use(
      mock(
        unsubscribe,
        () =>
          new Promise<UnsubscribeResponse>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    open("?token=tok_123");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.processing })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(["/api/newsletter/unsubscribe/tok_123"]);
    answer({ success: true, message: "You have been unsubscribed.", email: "ada@example.com" });
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(screen.getByText("ada@example.com")).toBeInTheDocument();
    // It points to the form this page has (the footer's), not to one "on every page".
    expect(screen.getByRole("link", { name: "the newsletter form at the bottom of this page" })).toHaveAttribute(
      "href",
      "#footer-newsletter-title",
    );
    expect(document.body).not.toHaveTextContent("every page");
  });

  it("shows the server's message when the address was already unsubscribed", async () => {
    server.use(mock(unsubscribe, { success: true, message: "You are already unsubscribed.", email: null }));
    open("?token=tok");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(screen.getByText("You are already unsubscribed.")).toBeInTheDocument();
  });

  it("shows 'Unsubscribe Failed' with the server's reason for an unknown link, without a pointless retry", async () => {
    server.use(mock(unsubscribe, errorBody("NOT_FOUND", "This unsubscribe link is invalid."), { status: 404 }));
    open("?token=nope");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.failed })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This unsubscribe link is invalid.");
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says so when the link has expired (410), with the way to support and without a retry", async () => {
    const expired = "This unsubscribe link has expired. Please use the link at the bottom of a newer newsletter email.";
    server.use(mock(unsubscribe, errorBody("GONE", expired), { status: 410 }));
    open("?token=old");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.failed })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(expired);
    expect(screen.getByRole("link", { name: /@/ })).toHaveAttribute("href", expect.stringMatching(/^mailto:/));
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("offers a retry after a network failure, which can then succeed", async () => {
    server.use(networkError(unsubscribe, { once: true }), mock(unsubscribe, done));
    open("?token=tok");
    await pressUnsubscribe();
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.failed })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: UNSUBSCRIBE_TITLES.success })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
