import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { HttpError } from "#web/lib/api.ts";
import { billingInfoQuery, openBillingPortal } from "../api/billing.ts";

/** The account page's Manage Billing: Stripe's customer portal for members who have paid. */
export function ManageBilling() {
  const info = useQuery(billingInfoQuery(true));
  const [opening, setOpening] = useState(false);
  const hasPaid = info.data?.hasPaid === true;

  async function open() {
    setOpening(true);
    try {
      const { url } = await openBillingPortal();
      window.location.assign(url);
    } catch (error) {
      setOpening(false);
      const message = error instanceof HttpError ? error.serverMessage || error.message : "The billing portal could not be opened.";
      toast({ title: "Error", description: message, variant: "destructive" });
    }
  }

  return (
    <div style={{ display: "grid", gap: 8, justifyItems: "start" }}>
      <Button
        variant="outline"
        disabled={!hasPaid || opening}
        aria-busy={opening || info.isLoading}
        aria-describedby={hasPaid ? undefined : "billing-note"}
        onClick={open}
      >
        {opening ? "Opening..." : "Manage Billing"}
      </Button>
      {info.isError ? (
        <p id="billing-note" className="muted" style={{ margin: 0 }}>
          Billing details could not be loaded. Please reload the page.
        </p>
      ) : info.data && !hasPaid ? (
        <p id="billing-note" className="muted" style={{ margin: 0 }}>
          There is no billing to manage until you subscribe to a paid plan.
        </p>
      ) : null}
    </div>
  );
}
