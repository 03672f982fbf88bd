import type { Subscription } from "#schema/contracts/auth.ts";
import { PAID_PLAN_FEATURES, PLANS } from "#schema/contracts/plans.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import type { Purchase } from "../api/billing.ts";
import { paidTiers } from "../api/messages.ts";
import styles from "./subscribe.module.css";

/** Why the server refused a purchase, shown by that purchase's button. */
export type Refusal = { purchase: Purchase; message: string };

type Props = {
  /** The member's plan; null for admins or while unknown. */
  subscription: Subscription | null;
  /** False when the server does not sell (no payment configuration) or the visitor is an admin. */
  canBuy: boolean;
  /** The purchase whose payment is being prepared. */
  pending: Purchase | null;
  /** The last refused purchase, until the next choice. */
  refusal: Refusal | null;
  onChoose: (purchase: Purchase) => void;
};

const samePurchase = (a: Purchase | null, b: Purchase) =>
  a !== null && a.kind === b.kind && (a.kind === "credits" || (b.kind === "subscription" && a.tier === b.tier));

/** The refusal's message when it is about `purchase`. */
const refusedFor = (refusal: Refusal | null, purchase: Purchase) =>
  refusal && samePurchase(refusal.purchase, purchase) ? refusal.message : undefined;

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;

/** Free, Lite, Basic and Pro (assistant-plans-admin.md §9), then the one-time Top-up Credits. */
export function PlanCards({ subscription, canBuy, pending, refusal, onChoose }: Props) {
  const tier = subscription?.tier ?? null;
  const holdsPaidPlan = tier !== null && tier !== "free";
  const activeSubscriber = holdsPaidPlan && subscription?.status === "active";
  const creditsPurchase: Purchase = { kind: "credits" };
  const creditsRefused = refusedFor(refusal, creditsPurchase);
  return (
    <>
      <div className={styles.plans}>
        <Card as="article" className={styles.plan} aria-labelledby="plan-free">
          <div className={styles.planHead}>
            <h2 id="plan-free" className="card-title">
              Free
            </h2>
          </div>
          <div className={styles.price}>$0</div>
          <ul className={styles.features}>
            {PLANS.free.features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          {tier === "free" ? (
            <Button variant="outline" disabled>
              Current Plan
            </Button>
          ) : null}
        </Card>
        {paidTiers.map((t) => {
          const plan = PLANS[t];
          const purchase: Purchase = { kind: "subscription", tier: t };
          const isPending = samePurchase(pending, purchase);
          const refused = refusedFor(refusal, purchase);
          return (
            <Card key={t} as="article" className={`${styles.plan} ${t === "pro" ? styles.popular : ""}`} aria-labelledby={`plan-${t}`}>
              <div className={styles.planHead}>
                <h2 id={`plan-${t}`} className="card-title">
                  {plan.name}
                </h2>
                {t === "pro" ? <span className="badge badge-brand">Most Popular</span> : null}
              </div>
              <div className={styles.price}>
                ${plan.priceMonthly.toFixed(2)}
                <span className={styles.per}>/month</span>
              </div>
              <ul className={styles.features}>
                {[...plan.features, ...PAID_PLAN_FEATURES].map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <div className={styles.actions}>
                {tier === t ? (
                  <Button variant="outline" disabled>
                    Current Plan
                  </Button>
                ) : (
                  <Button
                    variant={t === "pro" ? "primary" : "outline"}
                    disabled={!canBuy || holdsPaidPlan || pending !== null}
                    aria-busy={isPending}
                    aria-describedby={describedBy(refused && `plan-${t}-error`)}
                    onClick={() => onChoose(purchase)}
                  >
                    {isPending ? "Preparing payment..." : `Choose ${plan.name}`}
                  </Button>
                )}
                <FieldError announce id={`plan-${t}-error`} message={refused} />
              </div>
            </Card>
          );
        })}
      </div>
      {holdsPaidPlan ? (
        <p className={`${styles.hint} muted`} style={{ marginTop: 12 }}>
          To change or cancel your plan, use Manage Billing on your account page.
        </p>
      ) : null}
      <Card as="section" className={styles.topUp} aria-labelledby="plan-credits">
        <div className={styles.topUpBody}>
          <div>
            <div className={styles.planHead}>
              <h2 id="plan-credits" className="card-title">
                Top-up Credits
              </h2>
              <span className="badge">One-time purchase</span>
            </div>
            <div className={styles.price}>$5.00</div>
            <p className="muted" style={{ margin: "6px 0 0" }}>
              10 extra Ask Coinsight queries · Never expire · Used after your monthly allowance
            </p>
          </div>
          <div className={styles.actions}>
            <Button
              disabled={!canBuy || !activeSubscriber || pending !== null}
              aria-busy={samePurchase(pending, creditsPurchase)}
              aria-describedby={describedBy(!activeSubscriber && "credits-note", creditsRefused && "credits-error")}
              onClick={() => onChoose(creditsPurchase)}
            >
              {samePurchase(pending, creditsPurchase) ? "Preparing payment..." : "Buy Credits"}
            </Button>
            {activeSubscriber ? null : (
              <p id="credits-note" className={`${styles.hint} muted`}>
                For active subscribers only.
              </p>
            )}
            <FieldError announce id="credits-error" message={creditsRefused} />
          </div>
        </div>
      </Card>
    </>
  );
}
