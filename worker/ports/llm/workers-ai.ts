import { UpstreamError } from "#worker/ports/market/market-data.ts";
import type { ArticleWriter } from "./llm.ts";
import { buildMessages, type ChatMessage, parseDraft } from "./prompt.ts";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The slice of the `Ai` binding this writer uses, so tests can pass a recorded one. */
export type AiRunner = {
  run(model: string, input: { messages: ChatMessage[]; max_tokens: number; temperature: number }): Promise<unknown>;
};

/** Workers AI through the `AI` binding (no key: the binding is the credential). */
export function createWorkersAiWriter(options: { ai: AiRunner; model?: string | undefined }): ArticleWriter {
  const model = options.model || DEFAULT_WORKERS_AI_MODEL;
  return {
    source: "workers-ai",
    model,
    async write(brief) {
      let answer: unknown;
      try {
        answer = await options.ai.run(model, { messages: buildMessages(brief), max_tokens: 1400, temperature: 0.4 });
      } catch (err) {
        throw new UpstreamError(`Workers AI failed: ${(err as Error).message}`);
      }
      return parseDraft(textOf(answer), model);
    },
  };
}

/** Text-generation models answer { response }; some newer ones answer in the OpenAI shape. */
function textOf(answer: unknown): string {
  if (answer && typeof answer === "object") {
    const a = answer as { response?: unknown; choices?: { message?: { content?: unknown } }[] };
    if (typeof a.response === "string") return a.response;
    const content = a.choices?.[0]?.message?.content;
    if (typeof content === "string") return content;
  }
  throw new UpstreamError("Workers AI answered without text");
}
