import { screen, within } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { authMocks, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { calls, failure, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { AccountPage } from "./account-page.tsx";

function renderAccount(handlers: HttpHandler[]) {
  server.use(...handlers);
  renderAt(<AccountPage />, { path: "/account" });
}

describe("/account", () => {
  it("asks a signed-out visitor to sign in, then come back here", async () => {
    renderAccount(authMocks(null));
    expect(await screen.findByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
    expect(screen.getByText("Please sign in to view your account information.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login?returnTo=%2Faccount");
  });

  it("shows a free member's plan, trial bar as (2 - remaining) / 2, details and the upgrade offer", async () => {
    renderAccount(authMocks(makeUser(), makeSubscription({ trialQueriesRemaining: 1 })));
    expect(await screen.findByRole("heading", { name: "Free Plan" })).toBeInTheDocument();
    const plan = screen.getByRole("heading", { name: "Free Plan" }).closest("section") as HTMLElement;
    expect(within(plan).getByText("Free")).toHaveClass("badge");
    expect(within(plan).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "50");
    expect(within(plan).getByText("1 trial query left")).toBeInTheDocument();

    const details = screen.getByRole("heading", { name: "Account Details" }).closest("section") as HTMLElement;
    expect(within(details).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(details).getByText("Ada")).toBeInTheDocument();
    expect(within(details).getByRole("button", { name: "Manage Billing" })).toBeDisabled();

    expect(screen.getByRole("heading", { name: "Unlock Premium Features" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/subscribe");
    for (const price of ["$4.99/month", "$9.99/month", "$24.99/month"]) expect(screen.getByText(price)).toBeInTheDocument();
  });

  it("shows a paid member's month as count / limit, with no upgrade offer", async () => {
    renderAccount(authMocks(makeUser({ firstName: null }), makeSubscription({ tier: "pro", queryCount: 20, queryLimit: 80 })));
    expect(await screen.findByRole("heading", { name: "Pro Plan" })).toBeInTheDocument();
    expect(screen.getByText("Active")).toHaveClass("badge-green");
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("20/80")).toBeInTheDocument();
    expect(screen.queryByText("First name")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Unlock Premium Features" })).toBeNull();
  });

  it("flags an inactive paid plan", async () => {
    renderAccount(authMocks(makeUser(), makeSubscription({ tier: "basic", status: "past_due", queryCount: 0, queryLimit: 30 })));
    expect(await screen.findByRole("heading", { name: "Basic Plan" })).toBeInTheDocument();
    expect(screen.getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Subscription inactive");
  });

  it("gives admins 'Admin Access' and 'Unlimited' without asking for a subscription", async () => {
    renderAccount(authMocks(makeUser({ role: "admin" })));
    expect(await screen.findByRole("heading", { name: "Admin Access" })).toBeInTheDocument();
    expect(screen.getAllByText("Unlimited")[0]).toHaveClass("badge");
    expect(screen.queryByRole("heading", { name: "Unlock Premium Features" })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain("/api/user/subscription");
  });

  it("says so when the plan cannot be loaded", async () => {
    renderAccount([failure(apiContract.getSubscription, 500, { body: "boom" }), ...authMocks(makeUser())]);
    expect(await screen.findByText(/Your plan could not be loaded/, undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it("shows the credits balance beside the allowance, and offers credits when there are none", async () => {
    renderAccount(authMocks(makeUser(), makeSubscription({ tier: "basic", queryCount: 30, queryLimit: 30, credits: 7 })));
    expect(await screen.findByTestId("account-credits")).toHaveTextContent("Top-up credits7 left");
    expect(screen.getByText("30/30")).toBeInTheDocument();
  });

  it("offers credits to a subscriber with none", async () => {
    renderAccount(authMocks(makeUser(), makeSubscription({ tier: "lite", queryCount: 3, queryLimit: 15 })));
    expect(await screen.findByRole("link", { name: "Buy 10 for $5.00" })).toHaveAttribute("href", "/subscribe?buy=credits");
  });

  it("shows a premium member's complimentary Pro plan, not 0/2 trials", async () => {
    renderAccount(
      authMocks(makeUser({ role: "premium" }), makeSubscription({ tier: "pro", complimentary: true, queryCount: 4, queryLimit: 80 })),
    );
    expect(await screen.findByRole("heading", { name: "Pro Plan" })).toBeInTheDocument();
    expect(screen.getByText("Complimentary")).toHaveClass("badge");
    expect(screen.getByText(/Complimentary Pro access from Coinsight: 80 Ask Coinsight queries a month/)).toBeInTheDocument();
    expect(screen.getByText("4/80")).toBeInTheDocument();
    expect(screen.queryByText(/Trial queries/)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Unlock Premium Features" })).toBeNull();
  });

  it("puts the billing feature's renewal line in the plan card and its payments below", async () => {
    server.use(...authMocks(makeUser(), makeSubscription({ tier: "pro", queryLimit: 80, periodEnd: "2026-12-27T00:00:00.000Z" })));
    renderAt(<AccountPage renewal={<p>Cancels on 27 December 2026.</p>} payments={<p>Payments slot</p>} />, { path: "/account" });
    const plan = (await screen.findByRole("heading", { name: "Pro Plan" })).closest("section") as HTMLElement;
    expect(within(plan).getByText("Cancels on 27 December 2026.")).toBeInTheDocument();
    expect(within(plan).queryByText(/Renews on/)).toBeNull();
    expect(screen.getByText("Payments slot")).toBeInTheDocument();
  });
});
