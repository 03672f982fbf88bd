import { type FormEvent, useState } from "react";
import { isoDate, type TaskKey, taskKeys, taskLabels } from "#schema/contracts/newsroom.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { todayUtc } from "../api/newsroom.ts";
import styles from "./overview.module.css";
import { useRetry } from "./use-admin-actions.ts";

/** Re-runs any task for a chosen day (YYYY-MM-DD, validated here and by the server). */
export function RetryControls() {
  const retry = useRetry();
  const [task, setTask] = useState<TaskKey>("trending_top_100");
  const [date, setDate] = useState(todayUtc());
  const [dateError, setDateError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = isoDate.safeParse(date.trim());
    if (!parsed.success) {
      setDateError(parsed.error.issues[0]?.message ?? "Date must be in YYYY-MM-DD form");
      return;
    }
    setDateError(null);
    retry.mutate({ generationType: task, date: parsed.data });
  }

  return (
    <Card title="Retry a generation" aria-label="Retry a generation">
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field}>
          Task
          <select className="input" value={task} onChange={(e) => setTask(e.target.value as TaskKey)}>
            {taskKeys.map((key) => (
              <option key={key} value={key}>
                {taskLabels[key]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Date (UTC)
          <input
            className="input"
            value={date}
            onChange={(e) => setDate(e.target.value)}
            inputMode="numeric"
            placeholder="YYYY-MM-DD"
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? "retry-date-error" : undefined}
          />
          {dateError ? (
            <span id="retry-date-error" className={styles.fieldError}>
              {dateError}
            </span>
          ) : null}
        </label>
        <Button type="submit" disabled={retry.isPending}>
          {retry.isPending ? "Retrying…" : "Retry"}
        </Button>
      </form>
      <p className={styles.hint} style={{ marginTop: 10 }}>
        LunarCrush data and the Daily Roundup read live data, so they run for today only; trending tasks can be redone for the last 7 days
        from that day's stored data.
      </p>
    </Card>
  );
}
