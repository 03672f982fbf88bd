import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { AuthUser, Subscription } from "#schema/contracts/auth.ts";
import { FREE_TRIAL_QUERIES, PAID_PLAN_FEATURES, PLANS } from "#schema/contracts/plans.ts";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { loginHref, useAuth } from "#web/lib/auth.ts";
import { subscriptionQuery, tierName, usagePercent } from "../api/subscription.ts";
import styles from "./account-page.module.css";

function UsageBar({ percent, label, children }: { percent: number; label: string; children: ReactNode }) {
  return (
    <div className={styles.usage}>
      <div className={styles.usageText}>{children}</div>
      <div className={styles.track} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

function AdminPlan() {
  return (
    <Card as="section" aria-labelledby="plan-title">
      <div className={styles.planHead}>
        <h2 id="plan-title" className="card-title">
          Admin Access
        </h2>
        <span className="badge badge-brand">Unlimited</span>
      </div>
      <p className="muted">Admins ask Coinsight without limits and manage the site from the admin panel.</p>
      <UsageBar percent={100} label="Ask Coinsight usage">
        <span>Ask Coinsight queries</span>
        <strong>Unlimited</strong>
      </UsageBar>
    </Card>
  );
}

/** The credits balance beside the allowance: spent after the month's queries, never expire. */
function Credits({ sub }: { sub: Subscription }) {
  if (sub.tier === "free") {
    if (sub.credits <= 0) return null;
    return (
      <p className="muted" data-testid="account-credits">
        {sub.credits} top-up {sub.credits === 1 ? "credit" : "credits"} kept: usable again with a paid plan.
      </p>
    );
  }
  return (
    <div className={styles.usageText} data-testid="account-credits">
      <span>Top-up credits</span>
      {sub.credits > 0 ? <strong>{sub.credits} left</strong> : <Link to="/subscribe?buy=credits">Buy 10 for $5.00</Link>}
    </div>
  );
}

function planBadge(sub: Subscription): ReactNode {
  if (sub.tier === "free") return <span className="badge">Free</span>;
  if (sub.complimentary) return <span className="badge badge-brand">Complimentary</span>;
  const active = sub.status === "active";
  return <span className={`badge ${active ? "badge-green" : "badge-red"}`}>{active ? "Active" : "Inactive"}</span>;
}

function MemberPlan({ sub, renewal }: { sub: Subscription; renewal?: ReactNode }) {
  const free = sub.tier === "free";
  const active = sub.status === "active";
  const percent = usagePercent(sub);
  return (
    <Card as="section" aria-labelledby="plan-title">
      <div className={styles.planHead}>
        <h2 id="plan-title" className="card-title">
          {free ? "Free Plan" : `${tierName(sub.tier)} Plan`}
        </h2>
        {planBadge(sub)}
      </div>
      {free ? (
        <>
          <p className="muted">
            Your free plan includes {FREE_TRIAL_QUERIES} trial premium questions for Ask Coinsight. They do not renew.
          </p>
          <UsageBar percent={percent} label="Trial queries used">
            <span>Trial queries used</span>
            <strong>
              {FREE_TRIAL_QUERIES - sub.trialQueriesRemaining}/{FREE_TRIAL_QUERIES}
            </strong>
          </UsageBar>
          <p className={sub.trialQueriesRemaining > 0 ? styles.left : styles.out}>
            {sub.trialQueriesRemaining > 0
              ? `${sub.trialQueriesRemaining} trial ${sub.trialQueriesRemaining === 1 ? "query" : "queries"} left`
              : "No trial queries left"}
          </p>
        </>
      ) : (
        <>
          {sub.complimentary ? (
            <p className="muted">
              Complimentary Pro access from Coinsight: {PLANS[sub.tier].queries} Ask Coinsight queries a month
              {sub.periodEnd ? `, renewed on ${formatDate(sub.periodEnd)}` : ""}. No payment is taken.
            </p>
          ) : (
            <>
              <p className="muted">{PLANS[sub.tier].queries} Ask Coinsight queries a month.</p>
              {renewal ?? (sub.periodEnd ? <p className="muted">Renews on {formatDate(sub.periodEnd)}.</p> : null)}
              {active ? null : <Notice tone="error">Subscription inactive</Notice>}
            </>
          )}
          <UsageBar percent={percent} label="Queries used this month">
            <span>Queries this month</span>
            <strong>
              {sub.queryCount}/{sub.queryLimit}
            </strong>
          </UsageBar>
        </>
      )}
      <Credits sub={sub} />
    </Card>
  );
}

function Details({ user, billing }: { user: AuthUser; billing?: ReactNode }) {
  return (
    <Card as="section" aria-labelledby="details-title">
      <h2 id="details-title" className="card-title">
        Account Details
      </h2>
      <dl className={styles.details}>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        {user.firstName ? (
          <>
            <dt>First name</dt>
            <dd>{user.firstName}</dd>
          </>
        ) : null}
      </dl>
      {billing ?? (
        <div className={styles.billing}>
          <Button variant="outline" disabled aria-describedby="billing-note">
            Manage Billing
          </Button>
          <p id="billing-note" className="muted">
            There is no billing to manage until you subscribe to a paid plan.
          </p>
        </div>
      )}
    </Card>
  );
}

function UpgradePanel() {
  return (
    <Card as="section" aria-labelledby="upgrade-title" className={styles.upgrade}>
      <h2 id="upgrade-title" className="card-title">
        Unlock Premium Features
      </h2>
      <p className="muted">Ask Coinsight more every month. Every paid plan adds: {PAID_PLAN_FEATURES.join(" · ")}.</p>
      <ul className={styles.plans}>
        {(["lite", "basic", "pro"] as const).map((tier) => (
          <li key={tier} className={styles.planOption}>
            <strong>{PLANS[tier].name}</strong>
            <span className={styles.price}>${PLANS[tier].priceMonthly.toFixed(2)}/month</span>
            <span className={styles.planFeatures}>{PLANS[tier].features.join(" · ")}</span>
          </li>
        ))}
      </ul>
      <Link to="/subscribe" className={buttonClass("primary")}>
        Upgrade Now
      </Link>
    </Card>
  );
}

function SignInRequired() {
  return (
    <Card as="section" aria-labelledby="signin-title" className={styles.signin}>
      <h2 id="signin-title">Sign In Required</h2>
      <p className="muted">Please sign in to view your account information.</p>
      <a href={loginHref("/account")} className={buttonClass("primary")}>
        Sign In
      </a>
    </Card>
  );
}

/** What the account route hands in from the billing feature: Manage Billing, the plan's renewal line and the payments. */
export type AccountSlots = { billing?: ReactNode; renewal?: ReactNode; payments?: ReactNode };

function PlanPart({ isAdmin, renewal, payments }: { isAdmin: boolean } & AccountSlots) {
  const { data: sub, isLoading, isError } = useQuery(subscriptionQuery(!isAdmin));
  if (isAdmin) return <AdminPlan />;
  if (isLoading) return <Skeleton height={180} />;
  if (isError || !sub) return <Notice tone="error">Your plan could not be loaded. Please reload the page.</Notice>;
  return (
    <>
      <MemberPlan sub={sub} renewal={renewal} />
      {sub.tier === "free" ? <UpgradePanel /> : null}
      {payments}
    </>
  );
}

/** /account: plan and usage, account details, and the upgrade offer for free members. */
export function AccountPage({ billing, renewal, payments }: AccountSlots) {
  const { user, isLoading, isAdmin } = useAuth();
  return (
    <div className="container page">
      <h1 className="page-title">My Account</h1>
      {isLoading ? (
        <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading your account">
          <Skeleton height={180} />
          <Skeleton height={180} />
        </div>
      ) : !user ? (
        <SignInRequired />
      ) : (
        <div className={styles.grid}>
          <div className="stack">
            <PlanPart isAdmin={isAdmin} renewal={renewal} payments={payments} />
          </div>
          <Details user={user} billing={billing} />
        </div>
      )}
    </div>
  );
}
