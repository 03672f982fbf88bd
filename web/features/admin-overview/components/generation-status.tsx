import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type TaskStatus, taskKeys } from "#schema/contracts/newsroom.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Notice } from "#web/components/ui/notice.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { errorText, GENERATION_STATUS_REFRESH_MS, generationStatusQuery } from "../api/newsroom.ts";
import { DependencyView } from "./dependency-view.tsx";
import { ErrorDialog } from "./error-dialog.tsx";
import styles from "./overview.module.css";
import { RetryControls } from "./retry-controls.tsx";
import { TaskCard } from "./task-card.tsx";
import { useWatchdogRecovery } from "./use-admin-actions.ts";

/** Generation status per task with live progress (every 10 s), the dependency view and the recovery tools. */
export function GenerationStatusPanel() {
  const { data, isLoading, isError, error } = useQuery(generationStatusQuery());
  const watchdog = useWatchdogRecovery();
  const [errorOf, setErrorOf] = useState<TaskStatus | null>(null);
  const tasks = data ? taskKeys.map((k) => data[k]).filter((t): t is TaskStatus => Boolean(t)) : [];
  const date = tasks[0]?.date;

  return (
    <section aria-labelledby="generation-status-title">
      <div className={styles.sectionHead}>
        <div>
          <h2 id="generation-status-title">Generation status</h2>
          <p className={styles.hint}>
            {date ? `${date} (UTC) · ` : ""}refreshes every {GENERATION_STATUS_REFRESH_MS / 1000} s
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={watchdog.isPending} onClick={() => watchdog.mutate()}>
          {watchdog.isPending ? "Recovering…" : "Recover stuck tasks"}
        </Button>
      </div>
      {isLoading ? (
        <div className={styles.cards} aria-busy="true">
          {taskKeys.map((k) => (
            <Skeleton key={k} height={150} />
          ))}
        </div>
      ) : isError && !data ? (
        <Notice tone="error">
          No status data available
          <br />
          <span style={{ fontSize: "0.85rem" }}>{errorText(error)}</span>
        </Notice>
      ) : !data || tasks.length === 0 ? (
        <Notice>No status data available</Notice>
      ) : (
        <div className="stack">
          <div className={styles.cards}>
            {tasks.map((task) => (
              <TaskCard key={task.task} task={task} onShowError={setErrorOf} />
            ))}
          </div>
          <div className={styles.twoCols}>
            <DependencyView status={data} />
            <RetryControls />
          </div>
        </div>
      )}
      {errorOf ? <ErrorDialog task={data?.[errorOf.task] ?? errorOf} onClose={() => setErrorOf(null)} /> : null}
    </section>
  );
}
