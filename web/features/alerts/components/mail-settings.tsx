import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { DigestFrequency } from "#schema/contracts/alert-rules.ts";
import type { AlertSettingsBody } from "#schema/contracts/alerts.ts";
import { LoadFailed } from "#web/components/ui/query-states.tsx";
import { utcDateTime } from "#web/lib/format.ts";
import { alertSettingsQuery, messageOf, useUpdateAlertSettings } from "../api/alerts.ts";
import styles from "./alerts.module.css";

const DIGEST: { value: DigestFrequency; label: string }[] = [
  { value: "off", label: "Off" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
];

/** Alert emails on or off, and the opt-in watchlist digest (each watched coin's move, sentiment and newest article). */
export function MailSettings({ mailsPerDay }: { mailsPerDay: number }) {
  const id = useId();
  const settings = useQuery(alertSettingsQuery());
  const save = useUpdateAlertSettings();
  // The choice shows at once (set in the click's own render), then the server's answer replaces it.
  const [choice, setChoice] = useState<AlertSettingsBody | null>(null);
  const change = (body: AlertSettingsBody) => {
    setChoice(body);
    save.mutate(body, { onSettled: () => setChoice(null) });
  };
  if (settings.isError) return <LoadFailed what="your email settings" onRetry={() => settings.refetch()} />;
  const s = settings.data && choice ? { ...settings.data, ...choice } : settings.data;
  const busy = !s || choice !== null;
  return (
    <fieldset className={styles.mail} aria-busy={!s}>
      <legend>Email</legend>
      <label className={styles.check}>
        <input type="checkbox" checked={s?.alertMail ?? true} disabled={busy} onChange={(e) => change({ alertMail: e.target.checked })} />
        Email me when an alert fires (up to {mailsPerDay} emails a day; more wait under the bell)
      </label>
      <fieldset className={styles.digest}>
        <legend>Watchlist digest</legend>
        {DIGEST.map((d) => (
          <label key={d.value} className={styles.check}>
            <input
              type="radio"
              name={`${id}-digest`}
              value={d.value}
              checked={(s?.digest ?? "off") === d.value}
              disabled={busy}
              onChange={() => change({ digest: d.value })}
            />
            {d.label}
          </label>
        ))}
      </fieldset>
      <p className="muted">
        {s?.nextDigestAt
          ? `${s.scheduledJobsRun ? "Next digest" : "Next digest due"}: ${utcDateTime(s.nextDigestAt)}. Each watched coin's move and sentiment change, and its newest Coinsight article.`
          : "The digest gives each watched coin's move and sentiment change over the day or week, and its newest Coinsight article."}
      </p>
      {s && !s.scheduledJobsRun ? (
        // A local run fires no cron, so a due time alone would promise a mail that never comes
        // (docs/decisions/alerts/scheduled-jobs-on-a-local-run.md).
        <p className="notice" data-testid="local-run-note">
          This is a local run: its scheduled jobs run only when the site is deployed, or when a developer triggers them. Until then no
          digest is sent and new-article and sentiment alerts are not checked; price and move alerts still fire with each price update.
        </p>
      ) : null}
      {save.error ? (
        <p className="field-error" role="alert">
          {messageOf(save.error, "Could not save your email settings. Please try again.")}
        </p>
      ) : null}
    </fieldset>
  );
}
