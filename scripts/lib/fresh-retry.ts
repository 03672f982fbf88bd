// On a loaded machine the local runtime that seeds the e2e state once closed its connection in the
// middle of the seed ("fetch failed", cause "other side closed"): the request's batch may or may not
// have run, so going on is unsafe. Starting over in a fresh directory is always safe.

const CONNECTION_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "ECONNREFUSED", "EPIPE", "UND_ERR_CLOSED"]);

/** Whether an error is a lost connection to the local runtime (undici's "fetch failed" and its cause), not an answer. */
export function isConnectionLoss(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_CODES.has(code)) return true;
    if (e instanceof TypeError && e.message === "fetch failed") return true;
  }
  return false;
}

/**
 * Runs `work` on a directory from `fresh()`, and when the connection to the runtime was lost, throws that
 * directory away (`discard`) and runs it again on a new one, up to `attempts` times. Any other error
 * fails at once.
 */
export async function onFreshDirectory<T>(
  fresh: () => string,
  discard: (dir: string) => void,
  work: (dir: string) => Promise<T>,
  { attempts = 3, log = console.log }: { attempts?: number; log?: (line: string) => void } = {},
): Promise<{ dir: string; result: T }> {
  for (let attempt = 1; ; attempt++) {
    const dir = fresh();
    try {
      return { dir, result: await work(dir) };
    } catch (error) {
      discard(dir);
      if (attempt >= attempts || !isConnectionLoss(error)) throw error;
      log(`the local runtime closed its connection (try ${attempt} of ${attempts}); starting over in a fresh directory`);
    }
  }
}
