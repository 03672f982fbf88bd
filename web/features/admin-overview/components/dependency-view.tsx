import { type GenerationStatus, type TaskKey, taskDependencies, taskKeys, taskLabels } from "#schema/contracts/newsroom.ts";
import { Card } from "#web/components/ui/card.tsx";
import { dependencyLabels, dependencyState } from "../api/model.ts";
import styles from "./overview.module.css";

function Node({ task, status }: { task: TaskKey; status: GenerationStatus }) {
  const entry = status[task];
  const state = entry ? dependencyState(entry) : "waiting";
  return (
    <div className={styles.node} data-testid={`dependency-${task}`}>
      <span>{taskLabels[task]}</span>
      <span className={`${styles.pill} ${styles[state]}`}>{dependencyLabels[state]}</span>
    </div>
  );
}

/** assistant-plans-admin.md §4: the trending tasks wait on LunarCrush data; the roundup stands alone. */
export function DependencyView({ status }: { status: GenerationStatus }) {
  const roots = taskKeys.filter((t) => taskDependencies[t].length === 0);
  return (
    <Card title="Dependencies" aria-label="Dependencies">
      <div className="stack" style={{ gap: 16 }}>
        {roots.map((root) => {
          const dependents = taskKeys.filter((t) => taskDependencies[t].includes(root));
          return (
            <div key={root} className={styles.flow}>
              <Node task={root} status={status} />
              {dependents.length ? (
                <>
                  <span className={styles.arrow} aria-hidden="true">
                    →
                  </span>
                  <ul className={styles.nodes} aria-label={`Waits for ${taskLabels[root]}`}>
                    {dependents.map((t) => (
                      <li key={t}>
                        <Node task={t} status={status} />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <span className="muted" style={{ fontSize: "0.85rem" }}>
                  No dependencies
                </span>
              )}
            </div>
          );
        })}
      </div>
      <p className={`${styles.hint} ${styles.legend}`}>
        Ready to run: what it needs is done, and it has not started. Waiting: something it needs has not finished today.
      </p>
    </Card>
  );
}
