import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { HttpHandler } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { Subscription } from "#schema/contracts/auth.ts";
import type { BillingInfo } from "#schema/contracts/billing.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { authMocks, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, errorBody, failure, mock, networkError, notTheApi, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { SubscribePage } from "./subscribe-page.tsx";

vi.mock("./live-payment-form.tsx", () => ({
  default: ({ publishableKey }: { publishableKey: string }) => <p>Stripe Payment Element ({publishableKey})</p>,
}));

afterEach(() => dismissToast());

const testMode: BillingInfo = { mode: "test", publishableKey: null, hasPaid: false, message: null };
function renderSubscribe(handlers: HttpHandler[], subscription: Subscription | null = makeSubscription()) {
  server.use(...handlers);
  return renderAt(
    <>
      <SubscribePage subscription={subscription} subscriptionLoading={false} />
      <Toaster />
    </>,
    {
      path: "/subscribe",
      routes: [
        {
          path: "/subscription-success",
          element: (
            <>
              <p>Landed on success</p>
              <Toaster />
            </>
          ),
        },
      ],
    },
  );
}

const member = (info: BillingInfo = testMode, ...extra: HttpHandler[]) => [
  ...authMocks(makeUser()),
  mock(apiContract.getBilling, info),
  ...extra,
];
const sent = (operation: string) => calls.find((c) => c.operation === operation)?.body;

async function toastText() {
  return (await screen.findByTestId("toast")).textContent;
}

describe("/subscribe", () => {
  it("asks a signed-out visitor to sign in, and comes back here after", async () => {
    renderSubscribe(authMocks(null), null);
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login?returnTo=%2Fsubscribe");
    expect(screen.queryByRole("heading", { name: "Pro" })).toBeNull();
  });

  it("shows Free, Lite, Basic and Pro with assistant-plans-admin.md §9's prices and queries, Pro as 'Most Popular'", async () => {
    renderSubscribe(member());
    const pro = (await screen.findByRole("heading", { name: "Pro" })).closest("article") as HTMLElement;
    expect(within(pro).getByText("Most Popular")).toBeInTheDocument();
    expect(within(pro).getByText("No advertisements")).toBeInTheDocument();
    expect(within(pro).getByText("$24.99")).toBeInTheDocument();
    const lite = screen.getByRole("heading", { name: "Lite" }).closest("article") as HTMLElement;
    expect(within(lite).getByText("$4.99")).toBeInTheDocument();
    expect(within(lite).getByText("15 Ask Coinsight queries a month")).toBeInTheDocument();
    const basic = screen.getByRole("heading", { name: "Basic" }).closest("article") as HTMLElement;
    expect(within(basic).getByText("$9.99")).toBeInTheDocument();
    expect(within(basic).getByText("30 Ask Coinsight queries a month")).toBeInTheDocument();
    expect(within(basic).getByText("Cancel anytime")).toBeInTheDocument();
    const free = screen.getByRole("heading", { name: "Free" }).closest("article") as HTMLElement;
    expect(within(free).getByText("2 trial premium queries")).toBeInTheDocument();
    expect(within(free).getByRole("button", { name: "Current Plan" })).toBeDisabled();
    expect(within(basic).getByRole("button", { name: "Choose Basic" })).toBeEnabled();
  });

  it("sells Top-up Credits to active subscribers only", async () => {
    renderSubscribe(member());
    expect(await screen.findByRole("button", { name: "Buy Credits" })).toBeDisabled();
    expect(screen.getByText("For active subscribers only.")).toBeInTheDocument();
  });

  it("keeps credits closed to a subscriber whose plan is not active", async () => {
    renderSubscribe(member(), makeSubscription({ tier: "basic", status: "past_due", queryLimit: 30 }));
    expect(await screen.findByRole("button", { name: "Buy Credits" })).toBeDisabled();
  });

  it("opens the local test checkout for the chosen plan, and goes back to the plans", async () => {
    renderSubscribe(member(testMode, mock(apiContract.createSubscription, { clientSecret: "pi_local_a_secret_b" })));
    await userEvent.click(await screen.findByRole("button", { name: "Choose Basic" }));
    expect(await screen.findByRole("heading", { name: "Coinsight Basic" })).toBeInTheDocument();
    expect(screen.getByText("Test payment: no card is charged")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe to Coinsight Basic" })).toBeEnabled();
    expect(sent("createSubscription")).toEqual({ tier: "basic" });
    await userEvent.click(screen.getByRole("button", { name: "Back to Plans" }));
    expect(await screen.findByRole("heading", { name: "Pro" })).toBeInTheDocument();
  });

  it("uses Stripe's Payment Element when the server sells through Stripe", async () => {
    renderSubscribe(
      member(
        { mode: "live", publishableKey: "pk_test_123", hasPaid: false, message: null },
        mock(apiContract.createSubscription, { clientSecret: "pi_1_secret_2" }),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByText("Stripe Payment Element (pk_test_123)")).toBeInTheDocument();
    expect(screen.queryByText("Test payment: no card is charged")).toBeNull();
  });

  it.each([
    [
      "the server's error text",
      () => mock(apiContract.createSubscription, errorBody("CONFLICT", "You already have the Basic plan."), { status: 409 }),
      "You already have the Basic plan.",
    ],
    ["else the status", () => failure(apiContract.createSubscription, 502, { body: "" }), "Server responded with 502"],
    ["a missing secret", () => notTheApi(apiContract.createSubscription, Response.json({})), "No client secret received from server"],
  ])("toasts 'Error' with %s when creation fails, and stays on the plan list", async (_, answer, text) => {
    renderSubscribe(member(testMode, answer()));
    await userEvent.click(await screen.findByRole("button", { name: "Choose Lite" }));
    expect(await toastText()).toContain(`Error${text}`);
    // Not only in the toast: next to the button that was refused, and announced.
    const button = screen.getByRole("button", { name: "Choose Lite" });
    expect(button).toHaveAccessibleDescription(text);
    expect(within(button.closest("article") as HTMLElement).getByRole("alert")).toHaveTextContent(text);
    expect(button).toBeEnabled();
    expect(screen.queryByRole("heading", { name: "Coinsight Lite" })).toBeNull();
  });

  it("puts the server's message about the plan next to that plan's button, and clears it on the next choice", async () => {
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", "Invalid json: tier: Choose Lite, Basic or Pro").error,
        issues: [{ path: "tier", message: "Choose Lite, Basic or Pro" }],
      },
    };
    renderSubscribe(member(testMode, mock(apiContract.createSubscription, refusal, { status: 400, once: true })));
    const basic = await screen.findByRole("button", { name: "Choose Basic" });
    await userEvent.click(basic);
    await waitFor(() => expect(basic).toHaveAccessibleDescription("Choose Lite, Basic or Pro"));
    expect(screen.getByRole("button", { name: "Choose Pro" })).not.toHaveAccessibleDescription();
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain("Choose Lite, Basic or Pro");

    server.use(mock(apiContract.createSubscription, { clientSecret: "pi_local_a_secret_b" }));
    await userEvent.click(screen.getByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByRole("heading", { name: "Coinsight Pro" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back to Plans" }));
    expect(await screen.findByRole("button", { name: "Choose Basic" })).not.toHaveAccessibleDescription();
  });

  it("?buy=credits (the Ask card's offer at the monthly limit) opens the credits payment at once", async () => {
    server.use(...member(testMode, mock(apiContract.buyCredits, { clientSecret: "pi_local_c_secret_d" })));
    renderAt(
      <SubscribePage subscription={makeSubscription({ tier: "basic", queryCount: 30, queryLimit: 30 })} subscriptionLoading={false} />,
      {
        path: "/subscribe",
        at: "/subscribe?buy=credits",
      },
    );
    expect(await screen.findByRole("button", { name: "Pay $5.00 for 10 credits" })).toBeEnabled();
    expect(calls.filter((c) => c.operation === "buyCredits")).toHaveLength(1);
  });

  it("?buy=credits does nothing for a member without an active paid plan", async () => {
    server.use(...member(testMode));
    renderAt(<SubscribePage subscription={makeSubscription()} subscriptionLoading={false} />, {
      path: "/subscribe",
      at: "/subscribe?buy=credits",
    });
    expect(await screen.findByRole("button", { name: "Buy Credits" })).toBeDisabled();
    expect(calls.filter((c) => c.operation === "buyCredits")).toHaveLength(0);
  });

  it("puts a refused credits purchase next to Buy Credits", async () => {
    renderSubscribe(
      member(testMode, mock(apiContract.buyCredits, errorBody("CONFLICT", "Credits are for active subscribers."), { status: 409 })),
      makeSubscription({ tier: "basic", queryLimit: 30 }),
    );
    const buy = await screen.findByRole("button", { name: "Buy Credits" });
    await userEvent.click(buy);
    await waitFor(() => expect(buy).toHaveAccessibleDescription("Credits are for active subscribers."));
    expect(buy).toBeEnabled();
  });

  it("toasts the generic line when the server cannot be reached", async () => {
    renderSubscribe(member(testMode, networkError(apiContract.createSubscription)));
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await toastText()).toContain("Failed to initialize payment. Please try again.");
  });

  it("pays, toasts the real plan name and lands on the success page", async () => {
    const { router } = renderSubscribe(
      member(
        testMode,
        mock(apiContract.createSubscription, { clientSecret: "pi_local_a_secret_b" }),
        mock(apiContract.payTestCheckout, { success: true, events: 2 }),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Lite" }));
    await userEvent.click(await screen.findByRole("button", { name: "Subscribe to Coinsight Lite" }));
    expect(await screen.findByText("Landed on success")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?tier=lite");
    expect(await toastText()).toContain("Payment SuccessfulYou are now subscribed to Coinsight Lite!");
  });

  it("toasts 'Payment Failed' with the provider's message and keeps the payment card", async () => {
    renderSubscribe(
      member(
        testMode,
        mock(apiContract.createSubscription, { clientSecret: "pi_local_a_secret_b" }),
        mock(apiContract.payTestCheckout, errorBody("PAYMENT_REQUIRED", "Your card was declined."), { status: 402 }),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    await userEvent.click(await screen.findByLabelText("Simulate a declined card"));
    await userEvent.click(screen.getByRole("button", { name: "Subscribe to Coinsight Pro" }));
    expect(await toastText()).toContain("Payment FailedYour card was declined.");
    // And in the payment form itself, with the choice as it was.
    const form = screen.getByRole("form", { name: "Test payment" });
    expect(within(form).getByRole("alert")).toHaveTextContent("Your card was declined.");
    expect(screen.getByLabelText("Simulate a declined card")).toBeChecked();
    expect(screen.getByRole("button", { name: "Subscribe to Coinsight Pro" })).toBeEnabled();
    expect(sent("payTestCheckout")).toEqual({ clientSecret: "pi_local_a_secret_b", outcome: "decline" });
  });

  it("puts the server's message about the outcome next to its tick box", async () => {
    const refusal = {
      error: {
        ...errorBody("BAD_REQUEST", "Invalid json: outcome: Invalid option").error,
        issues: [{ path: "outcome", message: 'Invalid option: expected one of "succeed"|"decline"' }],
      },
    };
    renderSubscribe(
      member(
        testMode,
        mock(apiContract.createSubscription, { clientSecret: "pi_local_a_secret_b" }),
        mock(apiContract.payTestCheckout, refusal, { status: 400 }),
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    const decline = await screen.findByLabelText("Simulate a declined card");
    await userEvent.click(decline);
    await userEvent.click(screen.getByRole("button", { name: "Subscribe to Coinsight Pro" }));
    await waitFor(() => expect(decline).toHaveAttribute("aria-invalid", "true"));
    expect(decline).toHaveAccessibleDescription('Invalid option: expected one of "succeed"|"decline"');
    expect(decline).toBeChecked();
    await userEvent.click(decline);
    expect(decline).not.toHaveAttribute("aria-invalid");
  });

  it("lets an active subscriber buy credits, with no plan change offered", async () => {
    const { router } = renderSubscribe(
      member(
        testMode,
        mock(apiContract.buyCredits, { clientSecret: "pi_local_c_secret_d" }),
        mock(apiContract.payTestCheckout, { success: true, events: 1 }),
      ),
      makeSubscription({ tier: "basic", queryLimit: 30 }),
    );
    const basic = (await screen.findByRole("heading", { name: "Basic" })).closest("article") as HTMLElement;
    expect(within(basic).getByRole("button", { name: "Current Plan" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Choose Pro" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Buy Credits" }));
    expect(await screen.findByRole("heading", { name: "Top-up Credits" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Pay $5.00 for 10 credits" }));
    await waitFor(() => expect(router.state.location.search).toBe("?type=credits"));
  });

  it("says why nothing can be bought when the server does not sell", async () => {
    const message = "Payments are not configured on this server, so no plan or credits can be bought right now.";
    renderSubscribe(member({ mode: "unavailable", publishableKey: null, hasPaid: false, message }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    for (const name of ["Choose Lite", "Choose Basic", "Choose Pro"]) expect(screen.getByRole("button", { name })).toBeDisabled();
  });

  it("tells admins there is nothing to buy", async () => {
    server.use(...authMocks(makeUser({ role: "admin" })), mock(apiContract.getBilling, testMode));
    renderAt(<SubscribePage subscription={null} subscriptionLoading={false} />, { path: "/subscribe" });
    expect(await screen.findByText("Admins have unlimited Ask Coinsight; there is nothing to buy.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose Pro" })).toBeDisabled();
  });
});
