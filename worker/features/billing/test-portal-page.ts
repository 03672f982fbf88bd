import type { PaidTier } from "#schema/contracts/billing.ts";
import { PLANS } from "#schema/contracts/plans.ts";
import { escapeHtml } from "#worker/lib/html.ts";

export type TestPortalState = {
  /** "Basic (active)". */
  plan: string;
  /** The paid plan the member can manage; null when there is none. */
  tier: PaidTier | null;
  /** "27 December 2026" when the plan is cancelled to end with its period. */
  cancelsOn: string | null;
};

const form = (action: string, label: string) =>
  `<form method="post" action="${action}" style="display:inline-block;margin:0 8px 8px 0"><button type="submit">${escapeHtml(label)}</button></form>`;

/**
 * The local stand-in for Stripe's customer portal: see the plan, change it, cancel it at the
 * period's end (Stripe's default) or at once, undo a cancellation, go back.
 */
export function testPortalPage(s: TestPortalState): string {
  const tiers: PaidTier[] = ["lite", "basic", "pro"];
  const actions = s.tier
    ? [
        s.cancelsOn
          ? `<p>Cancels on <strong>${escapeHtml(s.cancelsOn)}</strong>.</p>${form("/api/billing/test-portal/resume", "Don't cancel")}`
          : form("/api/billing/test-portal/cancel-at-period-end", "Cancel at the end of the period"),
        form("/api/billing/test-portal/cancel", "Cancel subscription now"),
        `<h2>Change plan</h2>`,
        tiers
          .filter((t) => t !== s.tier)
          .map((t) => form(`/api/billing/test-portal/plan/${t}`, `Switch to ${PLANS[t].name} ($${PLANS[t].priceMonthly.toFixed(2)}/month)`))
          .join(""),
      ].join("\n")
    : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test billing portal - Coinsight</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1>Test billing portal</h1>
<p><strong>Test mode: no card is charged.</strong> This page stands in for Stripe's customer portal when no Stripe key is configured.</p>
<p>Current plan: <strong>${escapeHtml(s.plan)}</strong></p>
${actions}
<p><a href="/account">Return to Coinsight</a></p>
</body></html>`;
}
