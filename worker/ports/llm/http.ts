import { UpstreamError } from "#worker/ports/port.ts";

/** Statuses that will not get better by asking again: the request or the key is wrong. */
export const NO_RETRY = new Set([400, 401, 403, 404, 422]);
/** The longest Retry-After a writer waits in place; longer, the pipeline's own backoff takes over. */
export const MAX_WAIT_MS = 20_000;

/** Seconds or an HTTP date, as `Retry-After` may say; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/** An upstream error that carries how long the provider asked us to wait. */
export class RateLimitedError extends UpstreamError {
  readonly retryAfterMs: number | null;
  constructor(message: string, status: number, wait: number | null) {
    super(message, status);
    this.retryAfterMs = wait;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects with a TimeoutError (the pipeline's timeout category) when `work` outlives `ms`. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`${what} timed out after ${Math.round(ms / 1000)} s`);
      error.name = "TimeoutError";
      reject(error);
    }, ms);
  });
  return Promise.race([work, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

/** The raw answer kept with an article: enough to review, never unbounded. */
export function capRaw(text: string): string {
  return text.length > 20_000 ? `${text.slice(0, 20_000)}…` : text;
}
