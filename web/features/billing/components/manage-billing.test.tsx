import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { BillingInfo } from "#schema/contracts/billing.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { errorBody, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { ManageBilling } from "./manage-billing.tsx";

afterEach(() => {
  dismissToast();
});

const info = (hasPaid: boolean): BillingInfo => ({ mode: "test", publishableKey: null, hasPaid, message: null });

function renderManage(handlers: HttpHandler[], go?: (href: string) => void) {
  server.use(...handlers);
  renderAt(
    <>
      <ManageBilling {...(go ? { go } : {})} />
      <Toaster />
    </>,
  );
}

describe("Manage Billing", () => {
  it("is off, with the note, for a member who never paid", async () => {
    renderManage([mock(apiContract.getBilling, info(false))]);
    expect(await screen.findByText("There is no billing to manage until you subscribe to a paid plan.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Manage Billing" })).toBeDisabled();
  });

  it("opens the billing portal for a member who has paid, without the note", async () => {
    const assign = vi.fn();
    renderManage(
      [
        mock(apiContract.getBilling, info(true)),
        mock(apiContract.openBillingPortal, { url: "https://billing.stripe.com/p/session/test_1" }),
      ],
      assign,
    );
    const button = await screen.findByRole("button", { name: "Manage Billing" });
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(/no billing to manage/)).toBeNull();
    await userEvent.click(button);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test_1"));
  });

  it("toasts the server's message when the portal cannot open", async () => {
    renderManage([
      mock(apiContract.getBilling, info(true)),
      mock(apiContract.openBillingPortal, errorBody("UNAVAILABLE", "The payment provider is unavailable. Please try again."), {
        status: 503,
      }),
    ]);
    const button = await screen.findByRole("button", { name: "Manage Billing" });
    await vi.waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect((await screen.findByTestId("toast")).textContent).toContain("The payment provider is unavailable. Please try again.");
    // Next to the button too, announced.
    expect(button).toHaveAccessibleDescription("The payment provider is unavailable. Please try again.");
    const described = document.getElementById(button.getAttribute("aria-describedby") ?? "");
    expect(described).toHaveAttribute("role", "alert");
    expect(described?.closest("[data-testid=toast]")).toBeNull();
    expect(button).toBeEnabled();
  });
});
