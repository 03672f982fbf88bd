import { useId, useState } from "react";
import { Link } from "react-router";
import { KIND_RULES } from "#schema/contracts/alert-rules.ts";
import type { Alert } from "#schema/contracts/alerts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { invalidProps } from "#web/lib/field-errors.ts";
import { timeAgo } from "#web/lib/format.ts";
import { messageOf, useDeleteAlert, useUpdateAlert } from "../api/alerts.ts";
import styles from "./alerts.module.css";

function Status({ alert }: { alert: Alert }) {
  if (alert.paused) return <span className="badge">Paused</span>;
  if (!alert.armed) return <span className="badge badge-warn">Waiting to re-arm</span>;
  return <span className="badge badge-green">Active</span>;
}

/** A new threshold for one alert, in place; what was typed stays when the server refuses it. */
function EditThreshold({ alert, onDone }: { alert: Alert; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState(String(alert.threshold ?? ""));
  const update = useUpdateAlert();
  const error = update.error ? messageOf(update.error, "Could not save the alert. Please try again.") : undefined;
  return (
    <form
      className={styles.edit}
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(text.replace(/[$,%\s]/g, ""));
        update.mutate(
          { id: alert.id, body: { threshold: (Number.isFinite(n) && text.trim() !== "" ? n : text) as number } },
          { onSuccess: onDone },
        );
      }}
    >
      <label htmlFor={`${id}-t`} className="visually-hidden">
        New threshold for {alert.symbol}: {KIND_RULES[alert.kind].label}
      </label>
      <input
        id={`${id}-t`}
        className="input"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...invalidProps(error, `${id}-e`)}
      />
      <Button type="submit" size="sm" disabled={update.isPending}>
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Cancel
      </Button>
      <FieldError id={`${id}-e`} message={error} />
    </form>
  );
}

function Row({ alert }: { alert: Alert }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const busy = update.isPending || remove.isPending;
  const failed = update.error ?? remove.error;
  // Each row's buttons name their alert: a list of "Pause" buttons says nothing to a screen reader.
  const what = `${alert.symbol}: ${alert.description}`;
  return (
    <li className={styles.alert}>
      <div className={styles.alertText}>
        <Link to={`/coin/${alert.symbol.toLowerCase()}`} className={styles.alertCoin}>
          {alert.symbol}
        </Link>{" "}
        <span>{alert.description}</span> <Status alert={alert} />
        {alert.lastFiredAt ? <span className={styles.fired}>Last fired {timeAgo(alert.lastFiredAt)}</span> : null}
        {/* The server's sentences: it knows the margin, the coin's figure now and whether the alert fired. */}
        {alert.waiting && !alert.paused ? (
          <p className={styles.waiting}>
            {alert.waiting.reason} {alert.waiting.rearm}
          </p>
        ) : null}
      </div>
      {editing ? (
        <EditThreshold alert={alert} onDone={() => setEditing(false)} />
      ) : (
        <div className={styles.alertActions}>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`${alert.paused ? "Resume" : "Pause"} ${what}`}
            onClick={() => update.mutate({ id: alert.id, body: { paused: !alert.paused } })}
          >
            {alert.paused ? "Resume" : "Pause"}
          </Button>
          {alert.threshold !== null ? (
            <Button size="sm" variant="outline" disabled={busy} aria-label={`Edit ${what}`} onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" disabled={busy} aria-label={`Delete ${what}`} onClick={() => remove.mutate(alert.id)}>
            Delete
          </Button>
        </div>
      )}
      {failed && !editing ? (
        <p className="field-error" role="alert">
          {messageOf(failed, "Could not change the alert. Please try again.")}
        </p>
      ) : null}
    </li>
  );
}

export function AlertList({ alerts }: { alerts: Alert[] }) {
  return (
    <ul className={styles.alerts}>
      {alerts.map((a) => (
        <Row key={a.id} alert={a} />
      ))}
    </ul>
  );
}
