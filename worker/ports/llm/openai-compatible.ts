import { z } from "zod";
import { UpstreamError } from "#worker/ports/market/market-data.ts";
import type { ArticleWriter } from "./llm.ts";
import { buildMessages, parseDraft } from "./prompt.ts";

const answerSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

export type OpenAiCompatibleOptions = {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** Any OpenAI-compatible `/chat/completions` endpoint (OpenAI, OpenRouter, a local server...). */
export function createOpenAiCompatibleWriter(options: OpenAiCompatibleOptions): ArticleWriter {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    source: "openai-compatible",
    model: options.model,
    async write(brief) {
      const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      let res: Response;
      try {
        res = await doFetch(url, {
          method: "POST",
          headers,
          body: JSON.stringify({ model: options.model, messages: buildMessages(brief), temperature: 0.4, max_tokens: 1400 }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 90_000),
        });
      } catch (err) {
        const error = err as Error;
        if (error.name === "TimeoutError") throw error;
        throw new UpstreamError(`LLM endpoint unreachable: ${error.message}`);
      }
      if (!res.ok) throw new UpstreamError(`LLM endpoint answered ${res.status}`, res.status);
      const parsed = answerSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) throw new UpstreamError("LLM endpoint answered an unexpected shape");
      return parseDraft(parsed.data.choices[0]?.message.content ?? "", options.model);
    },
  };
}
