import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EMAIL_INVALID } from "#schema/contracts/newsletter.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { renderAt } from "#web/test/render.tsx";
import { NEWSLETTER_TEXT as T } from "../messages.ts";
import { NewsletterForm } from "./newsletter-form.tsx";

afterEach(() => {
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

function setup(fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal("fetch", fetchMock);
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
  return { fetchMock, email, consent, submit, fill };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function toastText() {
  return (await screen.findByTestId("toast")).textContent;
}

describe("NewsletterForm", () => {
  it("is an email input, required, with the browser's own validation off so the app's toasts show", () => {
    const { email } = setup(async () => json({}));
    expect(email.type).toBe("email");
    expect(email.required).toBe(true);
    expect(email.closest("form")?.noValidate).toBe(true);
  });

  it.each([
    ["an empty address", "", T.emailRequired],
    ["only spaces", "   ", T.emailRequired],
  ])("refuses %s with the 'Error' toast and sends nothing", async (_, value, message) => {
    const { fetchMock, fill, submit } = setup(async () => json({}));
    fill(value);
    fireEvent.click(submit);
    expect(await toastText()).toBe(`${T.errorTitle}${message}×`);
    expect(screen.getByRole("alert")).toBeInTheDocument(); // destructive style
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("requires the consent tick", async () => {
    const { fetchMock, fill, submit } = setup(async () => json({}));
    fill("ada@example.com", false);
    fireEvent.click(submit);
    expect(await toastText()).toContain(T.consentRequired);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Subscribing...' while sending, sends only the address, then confirms and resets the form", async () => {
    let answer: (r: Response) => void = () => {};
    const { fetchMock, fill, submit, email, consent } = setup(() => new Promise<Response>((resolve) => (answer = resolve)));
    fill("  ada@example.com ");
    fireEvent.click(submit);
    const busy = await screen.findByRole("button", { name: T.submitting });
    expect(busy).toBeDisabled();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/newsletter/subscribe");
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com" });

    await act(async () => answer(json({ success: true, message: "Thanks!" })));
    expect(await toastText()).toBe(`${T.successTitle}${T.success}×`);
    expect(screen.queryByRole("alert")).toBeNull();
    await waitFor(() => expect(email.value).toBe(""));
    expect(consent.checked).toBe(false);
    expect(screen.getByRole("button", { name: T.submit })).toBeEnabled();
  });

  it("shows the server's field message next to the address and keeps what the reader typed", async () => {
    const { fill, submit, email, consent, fetchMock } = setup(async () =>
      json(
        {
          error: {
            code: "BAD_REQUEST",
            message: "Please enter a valid email address",
            requestId: "r1",
            issues: [{ path: "email", message: "Please enter a valid email address" }],
          },
        },
        400,
      ),
    );
    fill("ada@blocked.example");
    fireEvent.click(submit);
    expect(await toastText()).toContain("Please enter a valid email address");
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    expect(email.value).toBe("ada@blocked.example");
    expect(consent.checked).toBe(true);
  });

  it("says an invalid address is invalid next to the field, not only in a toast, and sends nothing", async () => {
    const { fill, submit, email, fetchMock } = setup(async () => json({}));
    fill("ada@@example");
    fireEvent.click(submit);
    expect(await toastText()).toContain(EMAIL_INVALID);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(EMAIL_INVALID);
    expect(email.value).toBe("ada@@example");
    expect(fetchMock).not.toHaveBeenCalled();
    // Typing again clears the field's message.
    fireEvent.change(email, { target: { value: "ada@example.com" } });
    expect(email).not.toHaveAttribute("aria-invalid");
    expect(email).not.toHaveAccessibleDescription();
  });

  it("puts the consent message next to the tick box", async () => {
    const { fill, submit, consent } = setup(async () => json({}));
    fill("ada@example.com", false);
    fireEvent.click(submit);
    await toastText();
    expect(consent).toHaveAttribute("aria-invalid", "true");
    expect(consent).toHaveAccessibleDescription(T.consentRequired);
  });

  it("never says 'subscribed' before the address is confirmed: it asks the reader to check their inbox", async () => {
    const { fill, submit } = setup(async () => json({ success: true, message: "Thanks!" }));
    fill("ada@example.com");
    fireEvent.click(submit);
    const text = await toastText();
    expect(text).toContain("check your inbox");
    expect(text).not.toMatch(/subscribed/i);
    expect(screen.getByText(T.sentTo("ada@example.com"))).toBeInTheDocument();
    expect(T.sentTo("ada@example.com")).not.toMatch(/subscribed/i);
  });

  it("falls back to 'try again' when the server's failure carries no message", async () => {
    const { fill, submit } = setup(async () => new Response("upstream exploded", { status: 502 }));
    fill("ada@example.com");
    fireEvent.click(submit);
    expect(await toastText()).toContain(T.serverFailed);
  });

  it("shows the server's message when it answers success: false", async () => {
    const { fill, submit } = setup(async () => json({ success: false, message: "Newsletter signups are paused." }));
    fill("ada@example.com");
    fireEvent.click(submit);
    expect(await toastText()).toContain("Newsletter signups are paused.");
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["the answer is not JSON", async () => new Response("<html>", { status: 200 })],
  ])("says 'try again later' when %s", async (_, impl) => {
    const { fill, submit, email } = setup(impl);
    fill("ada@example.com");
    fireEvent.click(submit);
    expect(await toastText()).toContain(T.networkFailed);
    expect(email.value).toBe("ada@example.com");
  });
});
