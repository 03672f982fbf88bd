import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Tier } from "#schema/contracts/auth.ts";
import { renderAt } from "#web/test/render.tsx";
import { SubscriptionSuccess, shownPurchase } from "./subscription-success.tsx";

function renderSuccess(search: string, currentTier: Tier | null = null) {
  const refresh = vi.fn();
  renderAt(<SubscriptionSuccess currentTier={currentTier} refresh={refresh} />, {
    path: "/subscription-success",
    at: `/subscription-success${search}`,
  });
  return refresh;
}

describe("/subscription-success", () => {
  it("welcomes a new Basic member with the plan's features and both links, and refreshes the plan", async () => {
    const refresh = renderSuccess("?tier=basic", "free");
    expect(await screen.findByRole("heading", { name: "Welcome to Basic!" })).toBeInTheDocument();
    expect(screen.getByText("Your subscription has been activated successfully.")).toBeInTheDocument();
    expect(screen.getByText("30 Ask Coinsight queries a month")).toBeInTheDocument();
    expect(screen.getByText("Price ranges from realised volatility")).toBeInTheDocument();
    expect(screen.queryByText(/prediction|live search/i)).toBeNull();
    expect(screen.getByRole("link", { name: "Try Ask Coinsight Now" })).toHaveAttribute("href", "/coin/btc");
    expect(screen.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
    expect(refresh).toHaveBeenCalled();
  });

  it("confirms credits", async () => {
    renderSuccess("?type=credits", "pro");
    expect(await screen.findByRole("heading", { name: "Credits Added Successfully!" })).toBeInTheDocument();
    expect(screen.getByText("Your additional credits have been added to your account.")).toBeInTheDocument();
    expect(screen.getByText("10 extra Ask Coinsight queries")).toBeInTheDocument();
  });

  it("names Pro's no-ads feature for Pro", async () => {
    renderSuccess("?tier=pro");
    expect(await screen.findByRole("heading", { name: "Welcome to Pro!" })).toBeInTheDocument();
    expect(screen.getByText("No advertisements")).toBeInTheDocument();
  });
});

describe("the plan the success page shows (assistant-plans-admin.md §2)", () => {
  const p = (q: string) => new URLSearchParams(q);
  it("takes the tier param first, then type=credits, then the member's paid tier, else Basic", () => {
    expect(shownPurchase(p("tier=lite&type=credits"), "pro")).toEqual({ kind: "plan", tier: "lite" });
    expect(shownPurchase(p("type=credits"), "pro")).toEqual({ kind: "credits" });
    expect(shownPurchase(p(""), "pro")).toEqual({ kind: "plan", tier: "pro" });
    expect(shownPurchase(p(""), null)).toEqual({ kind: "plan", tier: "basic" });
  });
  it("ignores a tier param that is no paid plan, and a free current tier", () => {
    expect(shownPurchase(p("tier=gold"), "lite")).toEqual({ kind: "plan", tier: "lite" });
    expect(shownPurchase(p("tier=free"), null)).toEqual({ kind: "plan", tier: "basic" });
    expect(shownPurchase(p(""), "free")).toEqual({ kind: "plan", tier: "basic" });
  });
});
