import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import type { Tier } from "#schema/contracts/auth.ts";
import { tierSchema } from "#schema/contracts/auth.ts";
import { PAID_PLAN_FEATURES, PLANS } from "#schema/contracts/plans.ts";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { useDocumentTitle } from "#web/lib/document-title.ts";
import styles from "./subscribe.module.css";

type Shown = { kind: "plan"; tier: Exclude<Tier, "free"> } | { kind: "credits" };

const CREDIT_FEATURES = ["10 extra Ask Coinsight queries", "Never expire", "Used after your monthly allowance"];

/** assistant-plans-admin.md §2: the tier param, else type=credits, else the member's current (paid) tier, else Basic. */
export function shownPurchase(params: URLSearchParams, currentTier: Tier | null): Shown {
  const tier = tierSchema.safeParse(params.get("tier"));
  if (tier.success && tier.data !== "free") return { kind: "plan", tier: tier.data };
  if (params.get("type") === "credits") return { kind: "credits" };
  if (currentTier && currentTier !== "free") return { kind: "plan", tier: currentTier };
  return { kind: "plan", tier: "basic" };
}

// Stripe's webhook may land a moment after the browser confirms: look again a few times.
const REFRESH_TRIES = 10;
const REFRESH_EVERY_MS = 2000;

type Props = {
  /** The member's current tier (from the account feature), null when unknown. */
  currentTier: Tier | null;
  /** Refetches the member's subscription (header plan line, account page). */
  refresh: () => void;
};

/** /subscription-success: the purchase confirmation, and a fresh look at the member's plan. */
export function SubscriptionSuccess({ currentTier, refresh }: Props) {
  const [params] = useSearchParams();
  const shown = shownPurchase(params, currentTier);
  const target = shown.kind === "plan" ? shown.tier : null;
  const tries = useRef(0);
  useDocumentTitle(shown.kind === "credits" ? "Credits added" : `Welcome to ${PLANS[shown.kind === "plan" ? shown.tier : "basic"].name}`);

  useEffect(() => refresh(), [refresh]);
  useEffect(() => {
    if (!target || currentTier === target || tries.current >= REFRESH_TRIES) return;
    const timer = setTimeout(() => {
      tries.current += 1;
      refresh();
    }, REFRESH_EVERY_MS);
    return () => clearTimeout(timer);
  }, [target, currentTier, refresh]);

  const title = shown.kind === "credits" ? "Credits Added Successfully!" : `Welcome to ${PLANS[shown.tier].name}!`;
  const lead =
    shown.kind === "credits"
      ? "Your additional credits have been added to your account."
      : "Your subscription has been activated successfully.";
  const features = shown.kind === "credits" ? CREDIT_FEATURES : [...PLANS[shown.tier].features, ...PAID_PLAN_FEATURES];
  return (
    <div className="container page">
      <Card as="section" className={styles.narrow}>
        <div className={styles.success}>
          <div className={styles.check} aria-hidden="true">
            ✓
          </div>
          <h1>{title}</h1>
          <p className="muted">{lead}</p>
          <ul aria-label={shown.kind === "credits" ? "What your credits give you" : "Your plan includes"}>
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <div className={styles.links}>
            <Link to="/coin/btc" className={buttonClass("primary")}>
              Try Ask Coinsight Now
            </Link>
            <Link to="/" className={buttonClass("outline")}>
              Go to Homepage
            </Link>
          </div>
        </div>
      </Card>
    </div>
  );
}
