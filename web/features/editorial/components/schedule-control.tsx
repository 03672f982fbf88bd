import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ArticleSchedule } from "#schema/contracts/schedule.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { LoadFailed } from "#web/components/ui/query-states.tsx";
import { toast } from "#web/components/ui/toast.tsx";
import { UtcTime, utcMinute } from "#web/components/ui/utc-time.tsx";
import { serverMessage } from "#web/lib/admin-links.ts";
import { fieldErrorsOf, invalidProps } from "#web/lib/field-errors.ts";
import { cancelSchedule, scheduleArticle, scheduleKey, scheduleQuery } from "../api/schedule.ts";
import styles from "./editor.module.css";

const INPUT_ID = "editor-schedule-at";
const ERROR_ID = "editor-schedule-error";
/** What a datetime-local input gives: minutes, or seconds when the browser adds them. */
const LOCAL_INPUT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$/;
export const SCHEDULE_EMPTY = "Enter a date and time in UTC.";

/** The input's value read as UTC (the label says so), or null while it is not a whole date and time. */
function asUtc(value: string): string | null {
  if (!LOCAL_INPUT.test(value)) return null;
  const at = new Date(`${value.length === 16 ? `${value}:00` : value}Z`);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Why a schedule published nothing, in the desk's held-article box (left-aligned reasons, as the check's own). */
function HeldOrFailed({ schedule }: { schedule: ArticleSchedule }) {
  const held = schedule.state === "held";
  return (
    <div className={styles.held} role="alert">
      <p>
        <strong>
          Not published at {utcMinute(schedule.publishAt)}: {held ? "the claim check held it." : "the schedule failed."}
        </strong>{" "}
        {held ? null : schedule.message}
      </p>
      {held ? (
        <ul>
          {schedule.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      <p>Fix the text and schedule it again, or cancel the schedule.</p>
    </div>
  );
}

/**
 * Scheduled publishing on the desk: a date and time in UTC (the admin's local time shown beside it),
 * then the platform publishes the saved article at that time through the same checks as Publish.
 * A refused time keeps what was typed, with the server's reason under the field.
 */
export function ScheduleControl({ articleId, published }: { articleId: number; published: boolean }) {
  const client = useQueryClient();
  const { data, isLoading, isError, refetch } = useQuery(scheduleQuery(articleId));
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const schedule = data?.schedule ?? null;
  // A schedule that was waiting and is gone on a later read was carried out (or cancelled elsewhere).
  const waited = useRef(false);
  const [carriedOut, setCarriedOut] = useState(false);
  useEffect(() => {
    if (schedule?.state === "scheduled") waited.current = true;
    else if (!schedule && waited.current) {
      waited.current = false;
      setCarriedOut(true);
    }
  }, [schedule]);

  const save = useMutation({
    mutationFn: (publishAt: string) => scheduleArticle(articleId, publishAt),
    onSuccess: (res) => {
      client.setQueryData(scheduleKey(articleId), { schedule: res.schedule });
      void client.invalidateQueries({ queryKey: ["admin", "scheduled"] });
      setValue("");
      setError(undefined);
      setCarriedOut(false);
      toast({ title: "Scheduled", description: `Publishes at ${utcMinute(res.schedule.publishAt)}` });
    },
    onError: (err) => setError(fieldErrorsOf(err).publishAt ?? serverMessage(err, "Failed to schedule the article")),
  });

  const cancel = useMutation({
    mutationFn: () => cancelSchedule(articleId),
    onSuccess: () => {
      waited.current = false;
      client.setQueryData(scheduleKey(articleId), { schedule: null });
      void client.invalidateQueries({ queryKey: ["admin", "scheduled"] });
      toast({ title: "Schedule cancelled", description: "Nothing will be published at that time." });
    },
    onError: (err) => toast({ title: "Failed to cancel the schedule", description: serverMessage(err, ""), variant: "destructive" }),
  });

  const onSchedule = () => {
    const at = asUtc(value);
    if (!at) {
      setError(SCHEDULE_EMPTY);
      document.getElementById(INPUT_ID)?.focus();
      return;
    }
    save.mutate(at);
  };

  const typed = asUtc(value);
  return (
    <Card title="Schedule" aria-label="Schedule">
      {isLoading ? (
        <p className="muted">Loading schedule…</p>
      ) : isError ? (
        <LoadFailed what="the schedule" onRetry={() => void refetch()} />
      ) : published ? (
        <p className={styles.note}>{carriedOut ? "Published at its scheduled time." : "Published: nothing to schedule."}</p>
      ) : (
        <>
          {carriedOut ? (
            <Notice>The schedule was carried out or cancelled elsewhere: reload the article to see its status before saving.</Notice>
          ) : null}
          {schedule?.state === "scheduled" ? (
            <p data-testid="schedule-state">
              <strong>Publishes at </strong>
              <UtcTime iso={schedule.publishAt} />
              <span className="muted"> · set by {schedule.scheduledBy}</span>
            </p>
          ) : schedule ? (
            <HeldOrFailed schedule={schedule} />
          ) : (
            <p className="muted" data-testid="schedule-state">
              Not scheduled.
            </p>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor={INPUT_ID}>
              {schedule ? "New time (UTC)" : "Publish at (UTC)"}
            </label>
            <input
              id={INPUT_ID}
              className="input"
              type="datetime-local"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
              {...invalidProps(error, ERROR_ID)}
            />
            {typed ? (
              <span className={styles.note} data-testid="schedule-local">
                <UtcTime iso={typed} />
              </span>
            ) : null}
            <FieldError id={ERROR_ID} message={error} announce />
          </div>
          <p className={styles.note}>The saved text is published at that time, checked as Publish checks it. Unsaved edits are not.</p>
          <div className={styles.publishRow}>
            <Button size="sm" disabled={save.isPending} onClick={onSchedule}>
              {save.isPending ? "Scheduling…" : schedule ? "Reschedule" : "Schedule"}
            </Button>
            {schedule ? (
              <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel schedule
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}
