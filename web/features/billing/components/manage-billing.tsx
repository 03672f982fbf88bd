import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { HttpError } from "#web/lib/api.ts";
import { billingInfoQuery, openBillingPortal } from "../api/billing.ts";

/**
 * The account page's Manage Billing: Stripe's customer portal for members who have paid. `go` leaves for
 * the portal (a test passes its own: a test's window cannot have its location replaced).
 */
export function ManageBilling({ go = (href) => window.location.assign(href) }: { go?: (href: string) => void }) {
  const info = useQuery(billingInfoQuery(true));
  const [opening, setOpening] = useState(false);
  // The toast fades; the reason also stays next to the button.
  const [failed, setFailed] = useState<string | null>(null);
  const hasPaid = info.data?.hasPaid === true;

  async function open() {
    setOpening(true);
    setFailed(null);
    try {
      const { url } = await openBillingPortal();
      go(url);
    } catch (error) {
      setOpening(false);
      const message = error instanceof HttpError ? error.serverMessage || error.message : "The billing portal could not be opened.";
      toast({ title: "Error", description: message, variant: "destructive" });
      setFailed(message);
    }
  }

  return (
    <div style={{ display: "grid", gap: 8, justifyItems: "start" }}>
      <Button
        variant="outline"
        disabled={!hasPaid || opening}
        aria-busy={opening || info.isLoading}
        aria-describedby={
          [hasPaid ? undefined : "billing-note", failed ? "billing-error" : undefined].filter(Boolean).join(" ") || undefined
        }
        onClick={open}
      >
        {opening ? "Opening..." : "Manage Billing"}
      </Button>
      <FieldError announce id="billing-error" message={failed ?? undefined} />
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
