// A second workerd (a `wrangler d1 execute` call) opening the SQLite file of a running `wrangler dev`
// can meet its write lock, and SQLite then answers SQLITE_BUSY at once instead of waiting. The lock is
// held for milliseconds, so a short wait and another try is the honest fix, not a failed test.
const busy = /SQLITE_BUSY|database is locked/;
export const retryDelaysMs = [200, 500, 1000, 2000];

export type Attempt = { ok: true; stdout: string } | { ok: false; printed: string };

/** Runs `attempt` until it succeeds, trying again only when it failed on a locked database. */
export function retryWhileBusy(attempt: () => Attempt, label: string, sleep: (ms: number) => void = sleepSync): string {
  for (let tries = 0; ; tries++) {
    const res = attempt();
    if (res.ok) return res.stdout;
    const delay = retryDelaysMs[tries];
    if (delay === undefined || !busy.test(res.printed)) throw new Error(`${label} failed:\n${res.printed}`);
    sleep(delay);
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
