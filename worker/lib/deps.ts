/** What services that may wake background work need from a request: bindings and waitUntil. */
export type RuntimeDeps = { env: Env; waitUntil: (p: Promise<unknown>) => void };

export function runtimeDeps(c: { env: Env; executionCtx: { waitUntil(p: Promise<unknown>): void } }): RuntimeDeps {
  return { env: c.env, waitUntil: (p: Promise<unknown>) => c.executionCtx.waitUntil(p) };
}
