import { UpstreamError } from "#worker/ports/port.ts";
import { capRaw, withTimeout } from "./http.ts";
import { type ArticleWriter, DraftFormatError } from "./llm.ts";
import { buildMessages, type ChatMessage, parseDraft, promptHash } from "./prompt.ts";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
export const MAX_TOKENS = 1600;
export const WORKERS_AI_TIMEOUT_MS = 60_000;

/** The JSON shape asked of models that support Workers AI's JSON mode. */
const DRAFT_SCHEMA = {
  type: "object",
  properties: { title: { type: "string" }, excerpt: { type: "string" }, body: { type: "string" } },
  required: ["title", "excerpt", "body"],
} as const;

/** The slice of the `Ai` binding this writer uses, so tests can pass a recorded one. */
export type AiRunner = {
  run(
    model: string,
    input: {
      messages: ChatMessage[];
      max_tokens: number;
      temperature: number;
      response_format?: { type: "json_schema"; json_schema: unknown };
    },
  ): Promise<unknown>;
};

/** Workers AI through the `AI` binding (no key: the binding is the credential). */
export function createWorkersAiWriter(options: { ai: AiRunner; model?: string | undefined; timeoutMs?: number }): ArticleWriter {
  const model = options.model || DEFAULT_WORKERS_AI_MODEL;
  return {
    source: "workers-ai",
    model,
    async write(brief, repair) {
      const messages = buildMessages(brief, repair);
      let answer: unknown;
      try {
        answer = await withTimeout(
          options.ai.run(model, {
            messages,
            max_tokens: MAX_TOKENS,
            temperature: 0.4,
            response_format: { type: "json_schema", json_schema: DRAFT_SCHEMA },
          }),
          options.timeoutMs ?? WORKERS_AI_TIMEOUT_MS,
          "Workers AI",
        );
      } catch (err) {
        if ((err as Error).name === "TimeoutError") throw err;
        throw new UpstreamError(`Workers AI failed: ${(err as Error).message}`);
      }
      const { text, usage, truncated } = readAnswer(answer);
      if (truncated) throw new DraftFormatError(`The writer's answer was cut off at the token limit (${MAX_TOKENS} tokens)`);
      return { ...parseDraft(text, model), usage, promptHash: await promptHash(messages), raw: capRaw(text) };
    },
  };
}

type Answer = {
  response?: unknown;
  choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
};

/** Text-generation models answer { response } (an object in JSON mode); some newer ones answer in the OpenAI shape. */
function readAnswer(answer: unknown): { text: string; usage: { promptTokens: number; completionTokens: number }; truncated: boolean } {
  if (!answer || typeof answer !== "object") throw new UpstreamError("Workers AI answered without text");
  const a = answer as Answer;
  const usage = { promptTokens: a.usage?.prompt_tokens ?? 0, completionTokens: a.usage?.completion_tokens ?? 0 };
  // Workers AI reports no finish reason for { response }: an answer that used every token it was allowed was cut off.
  const truncated = a.choices?.[0]?.finish_reason === "length" || usage.completionTokens >= MAX_TOKENS;
  if (typeof a.response === "string") return { text: a.response, usage, truncated };
  if (a.response && typeof a.response === "object") return { text: JSON.stringify(a.response), usage, truncated };
  const content = a.choices?.[0]?.message?.content;
  if (typeof content === "string") return { text: content, usage, truncated };
  throw new UpstreamError("Workers AI answered without text");
}
