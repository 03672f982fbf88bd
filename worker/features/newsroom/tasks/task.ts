import type { TaskKey } from "#schema/contracts/newsroom.ts";
import type { NewsroomDeps } from "#worker/features/newsroom/deps.ts";

/**
 * What a task carries from one step to the next: each Workflow step returns it (so a replay gets
 * it back from the step's stored result), and the progress table records it after every step.
 */
export type TaskState = Record<string, unknown>;

export type StepContext = {
  deps: NewsroomDeps;
  date: string;
  /** Mutable: the step's copy, returned by its Workflow step when it succeeds. */
  state: TaskState;
  /**
   * Loads something once per run of the instance (the market table, the social metrics). An
   * instance that wakes up again loads it again rather than passing large data between steps.
   */
  memo: <T>(key: string, load: () => Promise<T>) => Promise<T>;
};

/** One bounded unit of work: at most one upstream call or one article. */
export type Step = { name: string; run: (ctx: StepContext) => Promise<void> };

export type TaskDefinition = {
  key: TaskKey;
  /** The steps, given what the run knows so far (a trending run names its coins once it picked them). */
  steps: (state: TaskState, date: string) => Step[];
  /** What survives a manual restart of the same date (a trending run keeps its picks, so re-runs never add articles). */
  keepOnRestart?: (state: TaskState) => TaskState;
};

export function createMemo(): StepContext["memo"] {
  const cache = new Map<string, Promise<unknown>>();
  return <T>(key: string, load: () => Promise<T>) => {
    let hit = cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      cache.set(key, hit);
      // A failed load is not cached: the retry must call again.
      hit.catch(() => cache.delete(key));
    }
    return hit;
  };
}
