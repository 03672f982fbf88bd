import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { EMAIL_INVALID, type SubscribeResponse } from "#schema/contracts/newsletter.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { calls, errorBody, failure, mock, networkError, notTheApi, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { NEWSLETTER_TEXT as T } from "../messages.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

afterEach(() => {
  act(() => dismissToast());
});

const subscribe = apiContract.subscribeNewsletter;

function setup(answer: HttpHandler = mock(subscribe, { success: true, message: "Thanks!" })) {
  server.use(answer);
  renderAt(
    <>
      <NewsletterForm />
      <Toaster />
    </>,
  );
  const email = screen.getByLabelText("Email address") as HTMLInputElement;
  const consent = screen.getByLabelText(T.consentLabel) as HTMLInputElement;
  const submit = screen.getByRole("button", { name: T.submit });
  const fill = (value: string, agree = true) => {
    fireEvent.change(email, { target: { value } });
    if (agree !== consent.checked) fireEvent.click(consent);
  };
  return { email, consent, submit, fill };
}

async function toastText() {
  return (await screen.findByTestId("toast")).textContent;
}

describe("NewsletterForm", () => {
  it("is an email input, required, with the browser's own validation off so the app's toasts show", () => {
    const { email } = setup();
    expect(email.type).toBe("email");
    expect(email.required).toBe(true);
    expect(email.closest("form")?.noValidate).toBe(true);
  });

  it.each([
    ["an empty address", "", T.emailRequired],
    ["only spaces", "   ", T.emailRequired],
  ])("refuses %s with the 'Error' toast and sends nothing", async (_, value, message) => {
    const { fill, submit } = setup();
    fill(value);
    fireEvent.click(submit);
    expect(await toastText()).toBe(`${T.errorTitle}${message}×`);
    expect(screen.getByRole("alert")).toBeInTheDocument(); // destructive style
    expect(calls).toEqual([]);
  });

  it("requires the consent tick", async () => {
    const { fill, submit } = setup();
    fill("ada@example.com", false);
    fireEvent.click(submit);
    expect(await toastText()).toContain(T.consentRequired);
    expect(calls).toEqual([]);
  });

  it("shows 'Subscribing...' while sending, sends only the address, then confirms and resets the form", async () => {
    let answer: (r: SubscribeResponse) => void = () => {};
    // A spy that passes every call on to MSW, to read the fetch options the request itself does not keep.
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const { fill, submit, email, consent } = setup(mock(subscribe, () => new Promise<SubscribeResponse>((resolve) => (answer = resolve))));
    fill("  ada@example.com ");
    fireEvent.click(submit);
    const busy = await screen.findByRole("button", { name: T.submitting });
    expect(busy).toBeDisabled();

    expect(calls).toMatchObject([{ method: "POST", path: "/api/newsletter/subscribe", body: { email: "ada@example.com" } }]);
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: "POST", credentials: "include" });
    fetchSpy.mockRestore();

    await act(async () => answer({ success: true, message: "Thanks!" }));
    expect(await toastText()).toBe(`${T.successTitle}${T.success}×`);
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() => expect(email.value).toBe(""));
    expect(consent.checked).toBe(false);
    expect(screen.getByRole("button", { name: T.submit })).toBeEnabled();
  });

  it("shows the server's field message next to the address and keeps what the reader typed", async () => {
    const { fill, submit, email, consent } = setup(
      mock(
        subscribe,
        {
          error: {
            ...errorBody("BAD_REQUEST", "Please enter a valid email address").error,
            issues: [{ path: "email", message: "Please enter a valid email address" }],
          },
        },
        { status: 400 },
      ),
    );
    fill("ada@blocked.example");
    fireEvent.click(submit);
    expect(await toastText()).toContain("Please enter a valid email address");
    expect(calls).toHaveLength(1);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    expect(email.value).toBe("ada@blocked.example");
    expect(consent.checked).toBe(true);
  });

  it("says an invalid address is invalid next to the field, not only in a toast, and sends nothing", async () => {
    const { fill, submit, email } = setup();
    fill("ada@@example");
    fireEvent.click(submit);
    expect(await toastText()).toContain(EMAIL_INVALID);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(EMAIL_INVALID);
    expect(email.value).toBe("ada@@example");
    expect(calls).toEqual([]);
    // Typing again clears the field's message.
    fireEvent.change(email, { target: { value: "ada@example.com" } });
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(email).not.toHaveAccessibleDescription();
  });

  it("puts the consent message next to the tick box", async () => {
    const { fill, submit, consent } = setup();
    fill("ada@example.com", false);
    fireEvent.click(submit);
    await toastText();
    expect(consent).toHaveAttribute("aria-invalid", "true");
    expect(consent).toHaveAccessibleDescription(T.consentRequired);
  });

  it("never says 'subscribed' before the address is confirmed: it asks the reader to check their inbox", async () => {
    const { fill, submit } = setup();
    fill("ada@example.com");
    fireEvent.click(submit);
    const text = await toastText();
    expect(text).toContain("check your inbox");
    expect(text).not.toMatch(/subscribed/i);
    expect(screen.getByText(T.sentTo("ada@example.com"))).toBeInTheDocument();
    expect(T.sentTo("ada@example.com")).not.toMatch(/subscribed/i);
  });

  it("falls back to 'try again' when the server's failure carries no message", async () => {
    const { fill, submit } = setup(failure(subscribe, 502, { body: "upstream exploded" }));
    fill("ada@example.com");
    fireEvent.click(submit);
    expect(await toastText()).toContain(T.serverFailed);
  });

  it("shows the server's message when it answers success: false", async () => {
    const { fill, submit } = setup(mock(subscribe, { success: false, message: "Newsletter signups are paused." }));
    fill("ada@example.com");
    fireEvent.click(submit);
    expect(await toastText()).toContain("Newsletter signups are paused.");
  });

  it.each([
    ["the network fails", () => networkError(subscribe)],
    ["the answer is not JSON", () => notTheApi(subscribe, new Response("<html>", { status: 200 }))],
  ])("says 'try again later' when %s", async (_, answer) => {
    const { fill, submit, email } = setup(answer());
    fill("ada@example.com");
    fireEvent.click(submit);
    expect(await toastText()).toContain(T.networkFailed);
    expect(email.value).toBe("ada@example.com");
  });
});
