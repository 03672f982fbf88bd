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

/** Where and how to reach an OpenAI-compatible endpoint. */
export type ChatEndpoint = { baseUrl: string; apiKey?: string | undefined; fetch?: typeof fetch };

/**
 * One POST to `{baseUrl}/chat/completions` (the Ask answerer's and the plan proposer's single call):
 * the Bearer key when there is one, a TimeoutError past `timeoutMs` (the callers' timeout category),
 * and an UpstreamError when the endpoint cannot be reached or answers an error status.
 */
export async function postChatCompletion(endpoint: ChatEndpoint, body: object, accept: string, timeoutMs: number): Promise<Response> {
  const doFetch = endpoint.fetch ?? ((input, init) => fetch(input, init));
  const headers: Record<string, string> = { "content-type": "application/json", accept };
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  let res: Response;
  try {
    res = await doFetch(`${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const error = err as Error;
    if (error.name === "TimeoutError") throw error;
    throw new UpstreamError(`LLM endpoint unreachable: ${error.message}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new UpstreamError(`LLM endpoint answered ${res.status}`, res.status);
  }
  return res;
}
