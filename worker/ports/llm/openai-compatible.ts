import { z } from "zod";
import { UpstreamError } from "#worker/ports/port.ts";
import { capRaw, MAX_WAIT_MS, NO_RETRY, RateLimitedError, retryAfterMs, sleep } from "./http.ts";
import { type ArticleWriter, DraftFormatError } from "./llm.ts";
import { buildMessages, parseDraft, promptHash } from "./prompt.ts";

const answerSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }), finish_reason: z.string().nullable().optional() }))
    .min(1),
  usage: z.object({ prompt_tokens: z.number(), completion_tokens: z.number() }).partial().optional(),
});

export const MAX_TOKENS = 1600;

export type OpenAiCompatibleOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Calls per write, counting the first (a 429 or 5xx is retried in place while Retry-After is short). */
  maxAttempts?: number;
  /** How waiting is done; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
};

/** Any OpenAI-compatible `/chat/completions` endpoint (OpenAI, OpenRouter, a local server...). */
export function createOpenAiCompatibleWriter(options: OpenAiCompatibleOptions): ArticleWriter {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const wait = options.sleep ?? sleep;
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  const attempts = Math.max(1, options.maxAttempts ?? 3);

  async function call(body: string): Promise<Response> {
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 90_000) });
      } catch (err) {
        const error = err as Error;
        if (error.name === "TimeoutError") throw error;
        throw new UpstreamError(`LLM endpoint unreachable: ${error.message}`);
      }
      if (res.ok) return res;
      const delay = retryAfterMs(res.headers.get("retry-after"));
      const retryable = !NO_RETRY.has(res.status) && (res.status === 429 || res.status >= 500);
      // Wait in place only for what the provider asked and only briefly; otherwise the pipeline's backoff retries later.
      if (retryable && attempt < attempts && (delay ?? 0) <= MAX_WAIT_MS) {
        await wait(delay ?? 1000 * attempt);
        continue;
      }
      await res.body?.cancel();
      if (res.status === 429)
        throw new RateLimitedError(
          `LLM endpoint answered 429 (retry after ${delay == null ? "?" : Math.ceil(delay / 1000)} s)`,
          429,
          delay,
        );
      throw new UpstreamError(`LLM endpoint answered ${res.status}`, res.status);
    }
  }

  return {
    source: "openai-compatible",
    model: options.model,
    async write(brief, repair) {
      const messages = buildMessages(brief, repair);
      // JSON mode: the answer is one object with title, excerpt and body.
      const body = JSON.stringify({
        model: options.model,
        messages,
        temperature: 0.4,
        max_tokens: MAX_TOKENS,
        response_format: { type: "json_object" },
      });
      const res = await call(body);
      const parsed = answerSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new UpstreamError("LLM endpoint answered an unexpected shape");
      const choice = parsed.data.choices[0];
      const content = choice?.message.content ?? "";
      if (choice?.finish_reason === "length") {
        throw new DraftFormatError(`The writer's answer was cut off at the token limit (${MAX_TOKENS} tokens)`);
      }
      const draft = parseDraft(content, options.model);
      const usage = parsed.data.usage;
      return {
        ...draft,
        usage: { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 },
        promptHash: await promptHash(messages),
        raw: capRaw(content),
      };
    },
  };
}
