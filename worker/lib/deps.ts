/** Work that may finish after the answer is sent (a request's or a cron run's `waitUntil`). */
export type WaitUntil = (p: Promise<unknown>) => void;

/**
 * The worker's one dependency bag for services that may wake background work: bindings and
 * waitUntil. Features that need more (the newsroom's ports and clock) extend it.
 */
export type RuntimeDeps = { env: Env; waitUntil: WaitUntil };

export function runtimeDeps(c: { env: Env; executionCtx: { waitUntil(p: Promise<unknown>): void } }): RuntimeDeps {
  return { env: c.env, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) };
}
