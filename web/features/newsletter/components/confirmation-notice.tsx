import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { CONFIRM_QUERY_PARAM, type ConfirmOutcome, confirmOutcomes } from "#schema/contracts/newsletter-confirm.ts";
import { type ToastInput, toast } from "#web/components/ui/toast.tsx";

export const CONFIRMATION_TOASTS: Record<ConfirmOutcome, ToastInput> = {
  confirmed: {
    title: "Subscription confirmed",
    description: "You're on the list: the Daily Roundup will arrive every morning. Every email has a one-click unsubscribe link.",
  },
  expired: {
    title: "Link expired",
    description: "This confirmation link has expired. Please subscribe again to get a new one.",
    variant: "destructive",
  },
  invalid: {
    title: "Invalid Link",
    description: "This confirmation link is not valid any more. If you subscribed more than once, use the link in the latest email.",
    variant: "destructive",
  },
};

function isOutcome(value: string | null): value is ConfirmOutcome {
  return confirmOutcomes.includes(value as ConfirmOutcome);
}

/**
 * The confirmation link in the mail lands on `/?newsletter=<outcome>` (docs/decisions/newsletter/confirmation-link-landing.md). This
 * shows the matching toast once and drops the parameter, so a reload or a shared URL does not repeat it.
 */
export function ConfirmationNotice() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get(CONFIRM_QUERY_PARAM);

  useEffect(() => {
    if (!isOutcome(outcome)) return;
    toast(CONFIRMATION_TOASTS[outcome]);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONFIRM_QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams]);

  return null;
}
