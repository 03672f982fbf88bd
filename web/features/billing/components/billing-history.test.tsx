import { screen } from "@testing-library/react";
import type { HttpHandler } from "msw";
import { describe, expect, it } from "vitest";
import { apiContract } from "#schema/contracts/api/index.ts";
import type { BillingAccount } from "#schema/contracts/billing.ts";
import { authMocks, makeUser } from "#web/test/auth-fixtures.ts";
import { failure, mock, server } from "#web/test/msw.ts";
import { renderAt } from "#web/test/render.tsx";
import { PaymentHistory, PlanRenewal, renewalText } from "./billing-history.tsx";

function show(...handlers: HttpHandler[]) {
  server.use(...authMocks(makeUser()), ...handlers);
  renderAt(
    <>
      <PlanRenewal />
      <PaymentHistory />
    </>,
    { path: "/account" },
  );
}

const paid: BillingAccount = {
  payments: [
    {
      id: "pi_1",
      paidAt: "2026-11-20T10:00:00.000Z",
      kind: "credits",
      description: "10 Ask Coinsight credits",
      amountCents: 500,
      currency: "usd",
      amount: "$5.00",
    },
    {
      id: "in_1",
      paidAt: "2026-10-27T09:00:00.000Z",
      kind: "subscription",
      description: "Coinsight Basic plan, one month",
      amountCents: 999,
      currency: "usd",
      amount: "$9.99",
    },
  ],
  plan: { tier: "basic", status: "active", renewsAt: null, cancelAt: "2026-12-27T09:00:00.000Z" },
  message: null,
};

describe("the account page's payments and renewal", () => {
  it("lists each payment's date, what was bought and the amount, and says when a cancelled plan ends", async () => {
    show(mock(apiContract.getBillingAccount, paid));
    expect(await screen.findByTestId("plan-renewal")).toHaveTextContent(
      "Cancels on 27 December 2026. Your Basic plan and its queries stay until then; it does not renew.",
    );
    const rows = screen.getAllByRole("row").map((r) => r.textContent);
    expect(rows).toEqual([
      "DateBoughtAmount",
      "20 November 202610 Ask Coinsight credits$5.00",
      "27 October 2026Coinsight Basic plan, one month$9.99",
    ]);
  });

  it("says when the plan renews, and that there are no payments yet", async () => {
    show(
      mock(apiContract.getBillingAccount, {
        payments: [],
        plan: { tier: "pro", status: "active", renewsAt: "2026-12-27T09:00:00.000Z", cancelAt: null },
        message: null,
      }),
    );
    expect(await screen.findByTestId("plan-renewal")).toHaveTextContent("Renews on 27 December 2026.");
    expect(screen.getByText("No payments yet. Plans and credits you buy are listed here.")).toBeInTheDocument();
  });

  it("shows the provider's outage message, and a retry when the list cannot be loaded", async () => {
    show(
      mock(apiContract.getBillingAccount, {
        payments: [],
        plan: null,
        message: "Your payments could not be loaded from the payment provider right now.",
      }),
    );
    expect(await screen.findByText("Your payments could not be loaded from the payment provider right now.")).toBeInTheDocument();
    expect(screen.queryByTestId("plan-renewal")).toBeNull();
  });

  it("offers a retry when the call fails", async () => {
    show(failure(apiContract.getBillingAccount, 500, { body: "boom" }));
    expect(await screen.findByText(/Unable to load your payments/, undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it("reads no plan as no renewal line", () => {
    expect(renewalText({ tier: null, status: "active", renewsAt: null, cancelAt: null })).toBeNull();
  });
});
