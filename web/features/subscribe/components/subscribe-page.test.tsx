import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Subscription } from "#schema/contracts/auth.ts";
import type { BillingInfo } from "#schema/contracts/billing.ts";
import { dismissToast, Toaster } from "#web/components/ui/toast.tsx";
import { authRoutes, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { renderAt, stubFetch } from "#web/test/render.tsx";
import { SubscribePage } from "./subscribe-page.tsx";

vi.mock("./live-payment-form.tsx", () => ({
  default: ({ publishableKey }: { publishableKey: string }) => <p>Stripe Payment Element ({publishableKey})</p>,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const testMode: BillingInfo = { mode: "test", publishableKey: null, hasPaid: false, message: null };
const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderSubscribe(routes: Record<string, unknown>, subscription: Subscription | null = makeSubscription()) {
  const answer = stubFetch(routes);
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) => answer(input));
  vi.stubGlobal("fetch", fetchMock);
  const utils = renderAt(
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
  return { ...utils, fetchMock };
}

const member = (info: BillingInfo = testMode, extra: Record<string, unknown> = {}) => ({
  ...authRoutes(makeUser()),
  "/api/billing": info,
  ...extra,
});

async function toastText() {
  return (await screen.findByTestId("toast")).textContent;
}

describe("/subscribe", () => {
  it("asks a signed-out visitor to sign in, and comes back here after", async () => {
    renderSubscribe(authRoutes(null), null);
    expect(await screen.findByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/api/login?returnTo=%2Fsubscribe");
    expect(screen.queryByRole("heading", { name: "Pro" })).toBeNull();
  });

  it("shows Free, Lite, Basic and Pro with §9's prices and queries, Pro as 'Most Popular'", async () => {
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
    const { fetchMock } = renderSubscribe(member(testMode, { "/api/create-subscription": { clientSecret: "pi_local_a_secret_b" } }));
    await userEvent.click(await screen.findByRole("button", { name: "Choose Basic" }));
    expect(await screen.findByRole("heading", { name: "Coinsight Basic" })).toBeInTheDocument();
    expect(screen.getByText("Test payment: no card is charged")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe to Coinsight Basic" })).toBeEnabled();
    const create = fetchMock.mock.calls.find(([input]) => String(input) === "/api/create-subscription");
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ tier: "basic" });
    await userEvent.click(screen.getByRole("button", { name: "Back to Plans" }));
    expect(await screen.findByRole("heading", { name: "Pro" })).toBeInTheDocument();
  });

  it("uses Stripe's Payment Element when the server sells through Stripe", async () => {
    renderSubscribe(
      member(
        { mode: "live", publishableKey: "pk_test_123", hasPaid: false, message: null },
        { "/api/create-subscription": { clientSecret: "pi_1_secret_2" } },
      ),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await screen.findByText("Stripe Payment Element (pk_test_123)")).toBeInTheDocument();
    expect(screen.queryByText("Test payment: no card is charged")).toBeNull();
  });

  it.each([
    [
      "the server's error text",
      json({ error: { code: "CONFLICT", message: "You already have the Basic plan." } }, 409),
      "You already have the Basic plan.",
    ],
    ["else the status", () => new Response("", { status: 502, statusText: "Bad Gateway" }), "Server responded with 502"],
    ["a missing secret", json({}), "No client secret received from server"],
  ])("toasts 'Error' with %s when creation fails, and stays on the plan list", async (_, answer, text) => {
    renderSubscribe(member(testMode, { "/api/create-subscription": answer }));
    await userEvent.click(await screen.findByRole("button", { name: "Choose Lite" }));
    expect(await toastText()).toContain(`Error${text}`);
    expect(screen.getByRole("button", { name: "Choose Lite" })).toBeEnabled();
    expect(screen.queryByRole("heading", { name: "Coinsight Lite" })).toBeNull();
  });

  it("toasts the generic line when the server cannot be reached", async () => {
    const routes = stubFetch(member());
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === "/api/create-subscription") throw new TypeError("Failed to fetch");
        return routes(input);
      }),
    );
    renderAt(
      <>
        <SubscribePage subscription={makeSubscription()} subscriptionLoading={false} />
        <Toaster />
      </>,
      { path: "/subscribe" },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    expect(await toastText()).toContain("Failed to initialize payment. Please try again.");
  });

  it("pays, toasts the real plan name and lands on the success page", async () => {
    const { router } = renderSubscribe(
      member(testMode, {
        "/api/create-subscription": { clientSecret: "pi_local_a_secret_b" },
        "/api/billing/test-checkout": { success: true, events: 2 },
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Lite" }));
    await userEvent.click(await screen.findByRole("button", { name: "Subscribe to Coinsight Lite" }));
    expect(await screen.findByText("Landed on success")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?tier=lite");
    expect(await toastText()).toContain("Payment SuccessfulYou are now subscribed to Coinsight Lite!");
  });

  it("toasts 'Payment Failed' with the provider's message and keeps the payment card", async () => {
    const declined = json({ error: { code: "PAYMENT_REQUIRED", message: "Your card was declined." } }, 402);
    const { fetchMock } = renderSubscribe(
      member(testMode, { "/api/create-subscription": { clientSecret: "pi_local_a_secret_b" }, "/api/billing/test-checkout": declined }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Choose Pro" }));
    await userEvent.click(await screen.findByLabelText("Simulate a declined card"));
    await userEvent.click(screen.getByRole("button", { name: "Subscribe to Coinsight Pro" }));
    expect(await toastText()).toContain("Payment FailedYour card was declined.");
    expect(screen.getByRole("button", { name: "Subscribe to Coinsight Pro" })).toBeEnabled();
    const pay = fetchMock.mock.calls.find(([input]) => String(input) === "/api/billing/test-checkout");
    expect(JSON.parse(String(pay?.[1]?.body))).toEqual({ clientSecret: "pi_local_a_secret_b", outcome: "decline" });
  });

  it("lets an active subscriber buy credits, with no plan change offered", async () => {
    const { router } = renderSubscribe(
      member(testMode, {
        "/api/billing/credits": { clientSecret: "pi_local_c_secret_d" },
        "/api/billing/test-checkout": { success: true, events: 1 },
      }),
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
    vi.stubGlobal("fetch", vi.fn(stubFetch({ ...authRoutes(makeUser({ role: "admin" })), "/api/billing": testMode })));
    renderAt(<SubscribePage subscription={null} subscriptionLoading={false} />, { path: "/subscribe" });
    expect(await screen.findByText("Admins have unlimited Ask Coinsight; there is nothing to buy.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Choose Pro" })).toBeDisabled();
  });
});
