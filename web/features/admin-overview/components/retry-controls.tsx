import { type FormEvent, useRef, useState } from "react";
import { isoDate, type TaskKey, taskKeys, taskLabels } from "#schema/contracts/newsroom.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { HttpError } from "#web/lib/api.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
import { todayUtc } from "../api/newsroom.ts";
import styles from "./overview.module.css";
import { useRetry } from "./use-admin-actions.ts";

type Errors = { date?: string; generationType?: string; form?: string };

/**
 * Re-runs any task for a chosen day (YYYY-MM-DD, validated here and by the server). The server's
 * refusal stays in the form after the toast: by the field it names, else atop the form.
 */
export function RetryControls() {
  const retry = useRetry();
  const [task, setTask] = useState<TaskKey>("trending_top_100");
  const [date, setDate] = useState(todayUtc());
  const [errors, setErrors] = useState<Errors>({});
  const taskRef = useRef<HTMLSelectElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);

  // An edit answers that field's message and any refusal atop the form; the other field's stays.
  const clearError = (field: "date" | "generationType") => setErrors(({ [field]: _, form: __, ...rest }) => rest);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = isoDate.safeParse(date.trim());
    if (!parsed.success) {
      setErrors({ date: parsed.error.issues[0]?.message ?? "Date must be in YYYY-MM-DD form" });
      dateRef.current?.focus();
      return;
    }
    setErrors({});
    retry.mutate(
      { generationType: task, date: parsed.data },
      {
        onError: (error) => {
          const { date, generationType } = fieldErrorsOf(error);
          if (date || generationType) {
            setErrors({ date, generationType });
            // The first field the refusal names, in the form's order, so the reader lands on what to fix.
            (generationType ? taskRef : dateRef).current?.focus();
          } else if (error instanceof HttpError && error.status < 500 && error.serverMessage) setErrors({ form: error.serverMessage });
        },
      },
    );
  }

  return (
    <Card title="Retry a generation" aria-label="Retry a generation">
      {errors.form ? <Notice tone="error">{errors.form}</Notice> : null}
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor="retry-task">Task</label>
          <select
            ref={taskRef}
            id="retry-task"
            className="input"
            value={task}
            onChange={(e) => {
              setTask(e.target.value as TaskKey);
              clearError("generationType");
            }}
            {...invalidProps(errors.generationType, "retry-task-error")}
          >
            {taskKeys.map((key) => (
              <option key={key} value={key}>
                {taskLabels[key]}
              </option>
            ))}
          </select>
          <FieldError id="retry-task-error" message={errors.generationType} />
        </div>
        <div className={styles.field}>
          <label htmlFor="retry-date">Date (UTC)</label>
          <input
            ref={dateRef}
            id="retry-date"
            className="input"
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              clearError("date");
            }}
            inputMode="numeric"
            placeholder="YYYY-MM-DD"
            {...invalidProps(errors.date, "retry-date-error")}
          />
          <FieldError id="retry-date-error" message={errors.date} />
        </div>
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
