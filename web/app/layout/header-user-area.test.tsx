import { fireEvent, screen, within } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import { Header } from "#web/app/layout/header.tsx";
import { MobileUserArea, UserArea } from "#web/features/account/components/user-area.tsx";
import { authMocks, makeSubscription, makeUser, setMemberHint } from "#web/test/auth-fixtures.ts";
import { calls, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";

function renderHeader(handlers: HttpHandler[], at = "/markets?tab=gainers") {
  server.use(...handlers);
  renderAt(<Header userArea={<UserArea />} mobileUserArea={<MobileUserArea />} />, { path: "*", at });
}

const calledPaths = () => calls.map((c) => new URL(c.path, "http://x").pathname);

async function openAccountMenu(name: RegExp) {
  fireEvent.click(await screen.findByRole("button", { name }));
}

describe("header account corner", () => {
  it("shows 'Loading...' while the member is being looked up", () => {
    setMemberHint(true);
    server.use(mock(apiContract.getCurrentUser, () => new Promise<never>(() => {})));
    renderAt(<Header userArea={<UserArea />} />, { path: "*", at: "/" });
    expect(screen.getByText("Loading...")).toBeInTheDocument();
  });

  it("offers a Login link back to the current page when signed out", async () => {
    renderHeader(authMocks(null));
    const login = await screen.findByRole("link", { name: "Login" });
    expect(login).toHaveAttribute("href", `/api/login?returnTo=${encodeURIComponent("/markets?tab=gainers")}`);
    expect(calledPaths()).not.toContain("/api/user/subscription");
  });

  it("names the member and opens a menu with the plan and the member links", async () => {
    renderHeader(authMocks(makeUser()));
    await openAccountMenu(/Account menu for Ada/);
    const summary = await screen.findByTestId("plan-summary");
    expect(summary).toHaveTextContent("Plan: Free");
    const trial = within(summary).getByText("Trial queries: 2/2 left");
    expect(trial).toHaveAttribute("data-tone", "info");
    expect(screen.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
    expect(screen.getByRole("link", { name: "My Watchlist" })).toHaveAttribute("href", "/markets?tab=watchlist");
    expect(screen.getByRole("link", { name: "Logout" })).toHaveAttribute("href", "/api/logout");
    expect(screen.queryByRole("link", { name: "Admin Panel" })).toBeNull();
    expect(screen.queryByText("Admin")).toBeNull();
  });

  it("turns the trial line red when no trial queries are left", async () => {
    renderHeader(authMocks(makeUser(), makeSubscription({ trialQueriesRemaining: 0 })));
    await openAccountMenu(/Account menu/);
    expect(await screen.findByText("Trial queries: 0/2 left")).toHaveAttribute("data-tone", "danger");
  });

  it("shows this month's usage on paid tiers", async () => {
    renderHeader(authMocks(makeUser(), makeSubscription({ tier: "basic", queryCount: 3, queryLimit: 30 })));
    await openAccountMenu(/Account menu/);
    expect(await screen.findByText("This month: 3/30")).toBeInTheDocument();
    expect(screen.getByTestId("plan-summary")).toHaveTextContent("Plan: Basic");
  });

  it("shows the credits balance beside the month's usage", async () => {
    renderHeader(authMocks(makeUser(), makeSubscription({ tier: "basic", queryCount: 30, queryLimit: 30, credits: 10 })));
    await openAccountMenu(/Account menu/);
    expect(await screen.findByText("This month: 30/30 · 10 credits")).toBeInTheDocument();
  });

  it("names a premium member's complimentary plan in the plan line", async () => {
    renderHeader(authMocks(makeUser({ role: "premium" }), makeSubscription({ tier: "pro", complimentary: true, queryLimit: 80 })));
    await openAccountMenu(/Account menu/);
    expect(await screen.findByTestId("plan-summary")).toHaveTextContent("Plan: Pro (complimentary)");
    expect(screen.queryByText(/Trial queries/)).toBeNull();
  });

  it("falls back to the email on desktop and to 'User' in the mobile menu", async () => {
    renderHeader(authMocks(makeUser({ firstName: null })));
    expect(await screen.findByRole("button", { name: /Account menu for ada@example.com/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(within(screen.getByTestId("mobile-user-area")).getByText("User")).toBeInTheDocument();
  });

  it("gives admins the red Admin badge and the Admin Panel link, with no plan line and no subscription call", async () => {
    renderHeader(authMocks(makeUser({ role: "admin" })));
    await openAccountMenu(/Account menu for Ada/);
    expect(screen.getAllByText("Admin")[0]).toHaveClass("badge-red");
    expect(screen.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
    expect(screen.queryByTestId("plan-summary")).toBeNull();
    expect(calledPaths()).not.toContain("/api/user/subscription");
  });

  it("closes the menu on Escape and when a link is chosen", async () => {
    renderHeader(authMocks(makeUser()));
    await openAccountMenu(/Account menu/);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("link", { name: "My Account" })).toBeNull();
    await openAccountMenu(/Account menu/);
    fireEvent.click(screen.getByRole("link", { name: "My Account" }));
    expect(screen.queryByRole("link", { name: "My Watchlist" })).toBeNull();
  });

  it("puts the member's links, plan and Logout in the mobile menu", async () => {
    renderHeader(authMocks(makeUser()));
    await screen.findByRole("button", { name: /Account menu/ });
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const mobile = screen.getByTestId("mobile-user-area");
    expect(within(mobile).getByText("Ada")).toBeInTheDocument();
    expect(await within(mobile).findByText("Trial queries: 2/2 left")).toBeInTheDocument();
    for (const name of ["My Account", "My Watchlist", "Logout"]) expect(within(mobile).getByRole("link", { name })).toBeInTheDocument();
  });
});
