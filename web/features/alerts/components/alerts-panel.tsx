import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed, LoadingRows } from "#web/components/ui/query-states.tsx";
import { useAuth, useLoginHref } from "#web/lib/auth.ts";
import { alertsQuery } from "../api/alerts.ts";
import { AlertForm } from "./alert-form.tsx";
import { AlertList } from "./alert-list.tsx";
import styles from "./alerts.module.css";
import { MailSettings } from "./mail-settings.tsx";

type Coin = { symbol: string; name: string; price?: string };

/**
 * The alerts screen: the member's alerts (all of them, or one coin's), what their plan holds and what
 * every plan holds, a form to add one and, on the watchlist, the email settings and the digest.
 */
export function AlertsPanel({ coin, headingLevel = 2, headingId }: { coin?: Coin; headingLevel?: 2 | 3; headingId?: string }) {
  const ownId = useId();
  const titleId = headingId ?? ownId;
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const loginHref = useLoginHref();
  const list = useQuery(alertsQuery(isAuthenticated));
  const Heading = `h${headingLevel}` as const;
  const title = coin ? `Alerts on ${coin.name}` : "Alerts";

  let body: ReactNode;
  if (authLoading || (isAuthenticated && list.isLoading)) body = <LoadingRows label="Loading alerts" height={44} />;
  else if (!isAuthenticated)
    body = (
      <Notice>
        <a href={loginHref}>Log in</a> to get alerts on prices, 24-hour moves, social sentiment and new Coinsight articles.
      </Notice>
    );
  else if (list.isError || !list.data) body = <LoadFailed what="your alerts" onRetry={() => list.refetch()} />;
  else {
    const { usage, plans, mailsPerDay } = list.data;
    const alerts = coin ? list.data.alerts.filter((a) => a.symbol === coin.symbol.toUpperCase()) : list.data.alerts;
    body = (
      <>
        <p className={styles.usage}>
          <strong>
            {usage.used} of {usage.limit} alerts
          </strong>{" "}
          on your {usage.plan} plan. Plans: {plans.map((p) => `${p.name} ${p.limit}`).join(" · ")} alerts.{" "}
          <Link to="/subscribe">See plans</Link>
        </p>
        {alerts.length === 0 ? (
          <p className={`muted ${styles.empty}`}>{coin ? `No alerts on ${coin.name} yet.` : "No alerts yet. Add one below."}</p>
        ) : (
          <AlertList alerts={alerts} />
        )}
        <AlertForm coin={coin} pricePlaceholder={coin?.price?.replace(/[$,]/g, "")} />
        {coin ? null : <MailSettings mailsPerDay={mailsPerDay} />}
      </>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {body}
    </section>
  );
}
