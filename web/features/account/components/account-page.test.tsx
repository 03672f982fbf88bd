import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authRoutes, makeSubscription, makeUser } from "#web/test/auth-fixtures.ts";
import { renderAt, stubFetch } from "#web/test/render.tsx";
import { AccountPage } from "./account-page.tsx";

afterEach(() => vi.unstubAllGlobals());

function renderAccount(routes: Record<string, unknown>) {
  const fetchMock = vi.fn(stubFetch(routes));
  vi.stubGlobal("fetch", fetchMock);
  renderAt(<AccountPage />, { path: "/account" });
  return fetchMock;
}

describe("/account", () => {
  it("asks a signed-out visitor to sign in, then come back here", async () => {
    renderAccount(authRoutes(null));
    expect(await screen.findByRole("heading", { name: "Login Required" })).toBeInTheDocument();
    expect(screen.getByText("Please log in to view your account information.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/api/login?returnTo=%2Faccount");
  });

  it("shows a free member's plan, trial bar as (2 - remaining) / 2, details and the upgrade offer", async () => {
    renderAccount(authRoutes(makeUser(), makeSubscription({ trialQueriesRemaining: 1 })));
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
    renderAccount(authRoutes(makeUser({ firstName: null }), makeSubscription({ tier: "pro", queryCount: 20, queryLimit: 80 })));
    expect(await screen.findByRole("heading", { name: "Pro Plan" })).toBeInTheDocument();
    expect(screen.getByText("Active")).toHaveClass("badge-green");
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByText("20/80")).toBeInTheDocument();
    expect(screen.queryByText("First name")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Unlock Premium Features" })).toBeNull();
  });

  it("flags an inactive paid plan", async () => {
    renderAccount(authRoutes(makeUser(), makeSubscription({ tier: "basic", status: "past_due", queryCount: 0, queryLimit: 30 })));
    expect(await screen.findByRole("heading", { name: "Basic Plan" })).toBeInTheDocument();
    expect(screen.getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Subscription inactive");
  });

  it("gives admins 'Admin Access' and 'Unlimited' without asking for a subscription", async () => {
    const fetchMock = renderAccount(authRoutes(makeUser({ role: "admin" })));
    expect(await screen.findByRole("heading", { name: "Admin Access" })).toBeInTheDocument();
    expect(screen.getAllByText("Unlimited")[0]).toHaveClass("badge");
    expect(screen.queryByRole("heading", { name: "Unlock Premium Features" })).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain("/api/user/subscription");
  });

  it("says so when the plan cannot be loaded", async () => {
    renderAccount({ ...authRoutes(makeUser()), "/api/user/subscription": () => new Response("boom", { status: 500 }) });
    expect(await screen.findByText(/Your plan could not be loaded/, undefined, { timeout: 3000 })).toBeInTheDocument();
  });
});
