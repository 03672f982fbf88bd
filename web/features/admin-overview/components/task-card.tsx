import { Link } from "react-router";
import { type StepDetail, type TaskStatus, taskLabels } from "#schema/contracts/newsroom.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { REVIEW_FILTER_HREF } from "#web/lib/admin-links.ts";
import { duration, nextRetryMinutes, statusLabels, utcTime } from "../api/model.ts";
import styles from "./overview.module.css";
import { useRetry } from "./use-admin-actions.ts";

const STEP_ICONS: Record<StepDetail["status"], string> = { completed: "✓", running: "●", failed: "✕", pending: "○" };

function ProgressBar({ task }: { task: TaskStatus }) {
  const pct = task.progress?.percentage ?? (task.status === "completed" ? 100 : 0);
  const tone = task.status === "completed" ? styles.barDone : task.status === "failed" ? styles.barFailed : "";
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={`${taskLabels[task.task]} progress`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
    >
      <div className={`${styles.barFill} ${tone}`} style={{ width: `${pct}%` }} />
    </div>
  );
}

function Timing({ task }: { task: TaskStatus }) {
  const p = task.progress;
  if (!p) return null;
  if (task.status === "completed") {
    return (
      <p className={styles.meta}>
        Completed at {utcTime(task.completed_at)} in {duration(p.elapsedTime)}
      </p>
    );
  }
  if (task.status === "failed") return <p className={styles.meta}>Stopped after {duration(p.elapsedTime)}</p>;
  const eta = p.estimatedTimeRemaining == null ? "" : ` · about ${duration(p.estimatedTimeRemaining)} left`;
  return (
    <p className={styles.meta}>
      Elapsed {duration(p.elapsedTime)}
      {eta}
    </p>
  );
}

function StepDetails({ steps }: { steps: StepDetail[] }) {
  if (!steps.length) return null;
  return (
    <details className={styles.details}>
      <summary>Step details</summary>
      <ol className={styles.steps}>
        {steps.map((step, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional; two may share a name
          <li key={i} className={styles.step} data-status={step.status}>
            <span className={styles.stepIcon} role="img" aria-label={step.status}>
              {STEP_ICONS[step.status]}
            </span>
            <span className={styles.stepName}>{step.name}</span>
            <span className="num muted">{step.duration == null ? "" : duration(step.duration)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** One task's status: progress with its steps, its error and what can be done about it. */
export function TaskCard({ task, onShowError }: { task: TaskStatus; onShowError: (task: TaskStatus) => void }) {
  const retry = useRetry();
  const label = taskLabels[task.task];
  const p = task.progress;
  const articles = task.articles.published + task.articles.review;
  return (
    <Card as="article" aria-label={label}>
      <div className={styles.taskCard}>
        <div className={styles.taskHead}>
          <h3>{label}</h3>
          <span className={`${styles.pill} ${styles[task.status]}`}>{statusLabels[task.status]}</span>
        </div>
        <ProgressBar task={task} />
        <p className={styles.meta}>
          {p ? `${p.completedSteps} of ${p.totalSteps} steps · ${p.percentage}%` : "Not run yet today"}
          {p?.currentStep && task.status !== "completed" ? ` · ${p.currentStep}` : ""}
        </p>
        <Timing task={task} />
        {task.status === "not_started" && task.blockedBy.length ? (
          <p className={styles.meta}>Waiting for {task.blockedBy.map((t) => taskLabels[t]).join(", ")}</p>
        ) : null}
        {articles ? (
          <p className={styles.meta}>
            {task.articles.published} published
            {task.articles.review ? (
              <>
                {" · "}
                <Link to={REVIEW_FILTER_HREF}>{task.articles.review} held for review</Link>
              </>
            ) : null}
          </p>
        ) : null}
        {task.status === "retrying" && task.nextRetryIn != null ? (
          <p className={styles.meta}>Next retry in {nextRetryMinutes(task.nextRetryIn)} min</p>
        ) : null}
        {task.error && task.status !== "completed" ? <p className={styles.errorLine}>{task.error.message}</p> : null}
        {task.error && (task.status === "failed" || task.status === "retrying") ? (
          <div className={styles.actions}>
            <Button variant="outline" size="sm" onClick={() => onShowError(task)}>
              View error
            </Button>
            {task.status === "failed" ? (
              <Button size="sm" disabled={retry.isPending} onClick={() => retry.mutate({ generationType: task.task, date: task.date })}>
                {retry.isPending ? "Retrying…" : "Retry"}
              </Button>
            ) : null}
          </div>
        ) : null}
        <StepDetails steps={p?.stepDetails ?? []} />
      </div>
    </Card>
  );
}
